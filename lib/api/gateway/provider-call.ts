// Calling a family's provider for one request: the upstream deadline, the client going away,
// mapping failures to the API's errors, what an outcome bills, and the sentiment of each record.
import type { Sentiment } from '../registry/common';
import { ProviderError, type EndpointDefinition, type Provider } from '../registry/types';
import { errorOutcome, type CallOutcome } from './respond';

export type SentimentAnalyzer = (text: string) => Sentiment | null;

export interface ProviderCall {
  outcome: CallOutcome;
  /** Billable units: pages returned (or 1 per request), or what the error is billed per the spec. */
  units: number;
}

function addSentiment(endpoint: EndpointDefinition, body: Record<string, unknown>, analyze: SentimentAnalyzer): void {
  const target = endpoint.sentimentTarget;
  const records = target && body[target.list];
  if (!target || !Array.isArray(records)) return;
  for (const record of records as Record<string, unknown>[]) {
    const text = record[target.text];
    let sentiment: Sentiment | null = null;
    try {
      sentiment = typeof text === 'string' ? analyze(text) : null;
    } catch {
      sentiment = null; // the spec: null when the analysis fails
    }
    record.sentiment = sentiment;
  }
}

export async function callProvider(options: {
  provider: Provider;
  endpoint: EndpointDefinition;
  params: Record<string, unknown>;
  clientSignal: AbortSignal;
  timeoutMs: number;
  analyze: SentimentAnalyzer;
  logFailure(error: unknown): void;
}): Promise<ProviderCall> {
  const { endpoint, params, clientSignal, timeoutMs } = options;
  // One controller for both ways a call can end early: the deadline, or the client leaving.
  const upstream = new AbortController();
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    upstream.abort(new Error('upstream deadline'));
  }, timeoutMs);
  const onClientGone = () => upstream.abort(clientSignal.reason);
  clientSignal.addEventListener('abort', onClientGone, { once: true });
  try {
    const result = await options.provider.call(endpoint, params, upstream.signal);
    if (params.get_sentiment === true) addSentiment(endpoint, result.body, options.analyze);
    const units = endpoint.billingUnit === 'page' ? result.pagesReturned : 1;
    return { outcome: { status: 200, body: result.body, headers: {} }, units };
  } catch (error) {
    if (error instanceof ProviderError) {
      return { outcome: errorOutcome(error.code, error.message), units: endpoint.billedErrors[error.code] ?? 0 };
    }
    if (timedOut) {
      return { outcome: errorOutcome('upstream_timeout', `The upstream platform did not answer within ${timeoutMs / 1000} s`), units: 0 };
    }
    if (clientSignal.aborted) {
      return { outcome: { status: 499, body: { error: 'Client closed the request', code: 'client_closed' }, headers: {} }, units: 0 };
    }
    options.logFailure(error);
    return { outcome: errorOutcome('upstream_error', 'The upstream platform failed to answer'), units: 0 };
  } finally {
    clearTimeout(deadline);
    clientSignal.removeEventListener('abort', onClientGone);
  }
}
