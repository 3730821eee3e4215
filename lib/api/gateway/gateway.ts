// The /v1 gateway over web-standard Request/Response: one implementation that the production
// API server (lib/api/process) runs on Node and that a Next route mounts for `npm run dev`.
// Order for every call: authenticate, route, validate, limit, free tier, provider, bill, respond.
import { isApiKeyFormat } from '@/lib/api-key';
import { ApiError, errorText } from '../errors';
import { findEndpoint } from '../registry';
import { accountBlocked } from './account-blocked';
import { accountUsage } from './account-usage';
import type { AuthDirectory, Caller } from './auth-directory';
import { runBatch } from './batch';
import { negotiateEncoding } from './compression';
import { preflightResponse } from './cors';
import { newRequestId } from './request-id';
import { callEndpoint, type CallDeps } from './call-endpoint';
import { keyNotPermitted, keyPermits } from './key-scopes';
import { refuseCaller } from './refuse-caller';
import { KeyTouches } from './key-touches';
import { errorOutcome, outcomeOf, PreparedBody, toResponse, type CallOutcome } from './respond';
import { verifyKey } from './verify-key';

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08006',
  '08001',
]);

/** PostgreSQL is down, restarting or out of connections: a transient failure, not a bug. */
function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    (code !== undefined && unavailableCodes.has(code)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(message ?? '')
  );
}

export interface GatewayDeps extends CallDeps {
  directory: AuthDirectory;
  /** The OpenAPI document, its `servers` entry naming `serverUrl`. */
  openApiDocument(serverUrl: string): unknown;
  /** The API's public address (apiBaseUrl(): API_PUBLIC_URL or its default), the OpenAPI document's server. */
  publicUrl: string;
}

export interface Gateway {
  fetch(request: Request): Promise<Response>;
}

/** The caller a key names, working or not; no key, or a key that names no account, is refused here. */
async function identify(directory: AuthDirectory, request: Request): Promise<Caller> {
  const apiKey = request.headers.get('x-api-key')?.trim();
  if (!apiKey) {
    // A key sent the OAuth way is a common first mistake: say where it goes.
    const bearer = /^bearer\s/i.test(request.headers.get('authorization') ?? '');
    throw new ApiError('missing_api_key', bearer ? errorText.bearer_api_key : errorText.missing_api_key);
  }
  const caller = isApiKeyFormat(apiKey) ? await directory.lookup(apiKey) : null;
  if (!caller) throw new ApiError('invalid_api_key', errorText.invalid_api_key);
  return caller;
}

/** Why a key of an account no longer works (deleted, revoked, expired), or null while it works. */
function keyRefusal({ key }: Caller): ApiError | null {
  if (key.status === 'deleted') return new ApiError('invalid_api_key', errorText.invalid_api_key);
  if (key.status === 'revoked') return new ApiError('revoked_api_key', errorText.revoked_api_key);
  // Expired, or rolled and past its grace period: the end travels with the cached key.
  if (key.expiresAt !== null && Date.now() >= key.expiresAt)
    return new ApiError('expired_api_key', errorText.expired_api_key);
  return null;
}

/** Authenticates and refuses a blocked account: what every batch item needs before it is served. */
async function authorize(deps: GatewayDeps, request: Request): Promise<Caller> {
  const caller = await identify(deps.directory, request);
  const refused = keyRefusal(caller);
  if (refused) throw refused;
  if (caller.account.blocked) throw await accountBlocked(deps.pool, caller.key.accountId);
  return caller;
}

export function createGateway(deps: GatewayDeps): Gateway {
  const touches = new KeyTouches(deps.pool);
  /** A key check counts as a use of the key; failing to note it must not fail the check. */
  async function noteKeyCheck(caller: Caller): Promise<void> {
    await touches
      .touch(caller.key.keyId)
      .catch((error: unknown) => deps.log("could not set a key's last-used time", error));
  }

  // One document, naming the API's one public address whichever host it was asked through (the
  // console's /v1 mount included): serialized and compressed once, not per request (about 170 KB).
  let openApi: PreparedBody | undefined;
  function openApiDoc(): PreparedBody {
    openApi ??= new PreparedBody(JSON.stringify(deps.openApiDocument(deps.publicUrl)));
    return openApi;
  }

  async function route(request: Request, requestId: string): Promise<CallOutcome> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/v1/openapi.json') {
      return { status: 200, body: openApiDoc(), headers: { 'cache-control': 'public, max-age=300' } };
    }
    const caller = await identify(deps.directory, request);
    const endpoint = findEndpoint(path);
    const keyRefused = keyRefusal(caller);
    if (keyRefused) return refuseCaller(deps, keyRefused, caller, endpoint);
    if (!endpoint)
      return errorOutcome('endpoint_not_found', `No endpoint at ${path}. See /v1/openapi.json for the list.`);
    if (request.method !== endpoint.method) {
      return errorOutcome('method_not_allowed', `${path} accepts ${endpoint.method} only`, { allow: endpoint.method });
    }
    if (endpoint.path === '/v1/account/verify') {
      await noteKeyCheck(caller);
      return verifyKey(caller);
    }
    if (endpoint.path === '/v1/account/usage') {
      // Like the key check: free, not counted, and answered to a blocked account.
      await noteKeyCheck(caller);
      return accountUsage(deps.pool, caller, url);
    }
    if (caller.account.blocked)
      return refuseCaller(deps, await accountBlocked(deps.pool, caller.key.accountId), caller, endpoint);
    if (!keyPermits(caller.key.scopes, endpoint))
      return refuseCaller(deps, keyNotPermitted(caller.key.scopes, endpoint.path), caller, endpoint);
    if (endpoint.path === '/v1/batch') {
      // Each item checks the key and the account again (cheap: the cache behind the auth barrier).
      const reauthorize = async () => void (await authorize(deps, request));
      return runBatch(deps, request, { requestId, caller, signal: request.signal, reauthorize });
    }
    // The client's signal is made only if something needs it (a provider that is not local).
    const context = {
      requestId,
      caller,
      search: url.search,
      serializeBody: true,
      waitForSlot: false,
      get signal() {
        return request.signal;
      },
    };
    return callEndpoint(deps, endpoint, url.searchParams, context);
  }

  return {
    async fetch(request: Request): Promise<Response> {
      if (request.method === 'OPTIONS') return preflightResponse();
      const requestId = newRequestId();
      return toResponse(
        await answer(request, requestId),
        requestId,
        negotiateEncoding(request.headers.get('accept-encoding')),
      );
    },
  };

  /** What one request is answered. */
  async function answer(request: Request, requestId: string): Promise<CallOutcome> {
    try {
      return await route(request, requestId);
    } catch (error) {
      if (error instanceof ApiError) return outcomeOf(error);
      deps.log(`request ${requestId} failed`, error);
      if (isDatabaseUnavailable(error)) {
        // Nothing was served or billed; the client retries as the spec says for 503.
        return errorOutcome('service_unavailable', errorText.service_unavailable, { 'retry-after': '2' });
      }
      return errorOutcome('internal_error', errorText.internal_error);
    }
  }
}
