// The service's own account on the network, when the operator gives one
// (LIVE_OPENMICRO_IDENTIFIER and LIVE_OPENMICRO_PASSWORD, an app password): a session made with
// com.atproto.server.createSession, its access token sent as a Bearer token, renewed with
// com.atproto.server.refreshSession shortly before it expires or when the server says it has
// (made anew when the refresh is refused). One session per process; simultaneous callers share one
// login or refresh. Tokens, the identifier and the password are never logged.
import { ProviderError } from '../../../registry/types';
import type { PlatformClient } from '../platform-client';
import { parsePayload } from '../payload';
import { sessionSchema, xrpcError, type SessionTokens } from './schema';
import type { EnvRecord } from '@/lib/env';

export interface Credentials {
  identifier: string;
  password: string;
}

/** Both variables, or neither; one without the other is refused at start (lib/env.ts). */
export function credentialsOf(env: EnvRecord): Credentials | null {
  const identifier = env.LIVE_OPENMICRO_IDENTIFIER || undefined;
  const password = env.LIVE_OPENMICRO_PASSWORD || undefined;
  return identifier && password ? { identifier, password } : null;
}

/** A refused login is not tried again for this long (createSession allows 30 a 5 minutes per account). */
const REFUSED_PAUSE_MS = 60_000;
/** An access token this close to its expiry is renewed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/** The `exp` of a JWT, in ms; undefined for a token that is not a readable JWT. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Waits for a shared promise, or stops waiting when this caller's own signal aborts. */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class AccountSession {
  private tokens: SessionTokens | null = null;
  private pending: Promise<SessionTokens> | null = null;
  private refusedUntil = 0;

  constructor(
    private readonly platform: PlatformClient,
    private readonly credentials: Credentials | null,
    private readonly log: (message: string) => void,
  ) {}

  get enabled(): boolean {
    return this.credentials !== null;
  }

  /** The access token to send (undefined without credentials): made or renewed when needed. */
  async accessToken(signal: AbortSignal): Promise<string | undefined> {
    if (!this.credentials) return undefined;
    const current = this.tokens;
    if (!current)
      return (
        await waitFor(
          this.shared(() => this.login()),
          signal,
        )
      ).accessJwt;
    const expiry = expiryOf(current.accessJwt);
    if (expiry !== undefined && expiry - Date.now() < EXPIRY_MARGIN_MS) return this.renew(current.accessJwt, signal);
    return current.accessJwt;
  }

  /** After the server refused `failed` (expired or revoked): a fresh token, once for all who saw it fail. */
  async renew(failed: string | undefined, signal: AbortSignal): Promise<string | undefined> {
    if (!this.credentials) return undefined;
    if (this.tokens && this.tokens.accessJwt !== failed) return this.tokens.accessJwt;
    return (
      await waitFor(
        this.shared(() => this.refreshOrLogin()),
        signal,
      )
    ).accessJwt;
  }

  private shared(run: () => Promise<SessionTokens>): Promise<SessionTokens> {
    this.pending ??= run()
      .then((tokens) => (this.tokens = tokens))
      .finally(() => (this.pending = null));
    return this.pending;
  }

  private async refreshOrLogin(): Promise<SessionTokens> {
    const refreshJwt = this.tokens?.refreshJwt;
    this.tokens = null;
    if (refreshJwt) {
      const page = await this.platform.request({
        method: 'POST',
        path: '/xrpc/com.atproto.server.refreshSession',
        headers: { authorization: `Bearer ${refreshJwt}` },
        accept: [400, 401],
        cache: false,
        signal: new AbortController().signal, // shared by every waiter; the request's own timeout bounds it
      });
      if (page.status === 200) return this.parse(page.body);
      this.log(
        `live openmicro: refreshSession answered ${page.status} ${xrpcError(page.body).error}; logging in again`,
      );
    }
    return this.login();
  }

  private async login(): Promise<SessionTokens> {
    if (Date.now() < this.refusedUntil) throw refused();
    const page = await this.platform.request({
      method: 'POST',
      path: '/xrpc/com.atproto.server.createSession',
      json: { identifier: this.credentials?.identifier, password: this.credentials?.password },
      accept: [400, 401],
      cache: false,
      signal: new AbortController().signal,
    });
    if (page.status === 200) return this.parse(page.body);
    this.refusedUntil = Date.now() + REFUSED_PAUSE_MS;
    const { error, message } = xrpcError(page.body);
    this.log(
      `live openmicro: the platform refused this service's account (createSession answered ${page.status} ${error}${message ? `: ${message}` : ''}); ` +
        'check LIVE_OPENMICRO_IDENTIFIER and LIVE_OPENMICRO_PASSWORD (an app password); not retried for 60 s',
    );
    throw refused();
  }

  private parse(body: unknown): SessionTokens {
    return parsePayload(sessionSchema, body, { family: 'openmicro', what: 'session', log: this.log });
  }
}

function refused(): ProviderError {
  return new ProviderError('upstream_error', 'The openmicro platform refused the account this service signs in with');
}
