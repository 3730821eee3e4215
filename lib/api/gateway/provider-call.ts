// Calling a family's provider for one request: the upstream deadline, the client going away,
// mapping failures to the API's errors, what an outcome bills, and the sentiment of each record.
import type { Sentiment } from '../../sentiment/schema';
import { ProviderError, type EndpointDefinition, type Provider, type ProviderResult } from '../registry/types';
import { errorOutcome, type CallOutcome } from './respond';

export type SentimentAnalyzer = (text: string) => Sentiment | null;

export interface ProviderCall {
  outcome: CallOutcome;
  /** Billable units: pages returned (or 1 per request), or what the error is billed per the spec. */
  units: number;
  /** Records given a sentiment (not null): a call with none is not charged the surcharge. */
  sentiments: number;
}

/** What a person reads of a record: its title (when the target names one) and its text. */
function readableText(record: Record<string, unknown>, target: NonNullable<EndpointDefinition['sentimentTarget']>) {
  const text = record[target.text];
  const title = target.title === undefined ? undefined : record[target.title];
  if (typeof title !== 'string' || title === '' || title === text) return text;
  // A text that is the title again (a link post's snippet) is read once.
  return typeof text === 'string' && text !== '' ? `${title}\n\n${text}` : title;
}

/** Sets each record's sentiment; answers how many got one (the others have nothing to read). */
function addSentiment(endpoint: EndpointDefinition, body: Record<string, unknown>, analyze: SentimentAnalyzer): number {
  const target = endpoint.sentimentTarget;
  const records = target && body[target.list];
  if (!target || !Array.isArray(records)) return 0;
  let given = 0;
  for (const record of records as Record<string, unknown>[]) {
    const text = readableText(record, target);
    let sentiment: Sentiment | null = null;
    try {
      sentiment = typeof text === 'string' ? analyze(text) : null;
    } catch {
      sentiment = null; // the spec: null when the analysis fails
    }
    record.sentiment = sentiment;
    if (sentiment !== null) given++;
  }
  return given;
}

interface CallOptions {
  provider: Provider;
  endpoint: EndpointDefinition;
  params: Record<string, unknown>;
  /** The caller's connection; its signal is read only when needed. */
  client: { readonly signal: AbortSignal };
  timeoutMs: number;
  analyze: SentimentAnalyzer;
  logFailure(error: unknown): void;
}

const neverAborted = new AbortController().signal;

export async function callProvider(options: CallOptions): Promise<ProviderCall> {
  const { provider, endpoint, params, timeoutMs } = options;
  if (provider.local)
    return answer(
      options,
      () => provider.call(endpoint, params, neverAborted),
      () => false,
    );
  // One controller for both ways a call can end early: the deadline, or the client leaving.
  const upstream = new AbortController();
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    upstream.abort(new Error('upstream deadline'));
  }, timeoutMs);
  const clientSignal = options.client.signal;
  const onClientGone = () => upstream.abort(clientSignal.reason);
  clientSignal.addEventListener('abort', onClientGone, { once: true });
  // The deadline ends the call even if a provider missed the signal: a call never outlives it, so
  // its holds never outlive their lease (hold-lease.ts).
  const ended = new Promise<never>((_, reject) =>
    upstream.signal.addEventListener('abort', () => reject(upstream.signal.reason), { once: true }),
  );
  ended.catch(() => {});
  try {
    return await answer(
      options,
      () => Promise.race([provider.call(endpoint, params, upstream.signal), ended]),
      () => timedOut,
    );
  } finally {
    clearTimeout(deadline);
    clientSignal.removeEventListener('abort', onClientGone);
  }
}

/** The provider's answer, or its failure, as the call's outcome and billable units. */
async function answer(
  options: CallOptions,
  call: () => Promise<ProviderResult>,
  timedOut: () => boolean,
): Promise<ProviderCall> {
  const { endpoint, params, timeoutMs } = options;
  try {
    const result = await call();
    const sentiments = params.get_sentiment === true ? addSentiment(endpoint, result.body, options.analyze) : 0;
    const units = endpoint.billingUnit === 'page' ? result.pagesReturned : 1;
    return { outcome: { status: 200, body: result.body, headers: {} }, units, sentiments };
  } catch (error) {
    if (error instanceof ProviderError) {
      const headers: Record<string, string> =
        error.retryAfterSeconds !== undefined
          ? { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) }
          : {};
      return {
        outcome: errorOutcome(error.code, error.message, headers),
        units: endpoint.billedErrors[error.code] ?? 0,
        sentiments: 0,
      };
    }
    if (timedOut()) {
      return {
        outcome: errorOutcome('upstream_timeout', `The upstream platform did not answer within ${timeoutMs / 1000} s`),
        units: 0,
        sentiments: 0,
      };
    }
    if (options.client.signal.aborted) {
      return {
        outcome: { status: 499, body: { error: 'Client closed the request', code: 'client_closed' }, headers: {} },
        units: 0,
        sentiments: 0,
      };
    }
    options.logFailure(error);
    return {
      outcome: errorOutcome('upstream_error', 'The upstream platform failed to answer'),
      units: 0,
      sentiments: 0,
    };
  }
}
