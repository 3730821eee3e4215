// The Stripe emulator: a stand-in for Stripe on two listeners. The REST API (and the `/_sandbox/*`
// test controls) on `port`, answering only the emulator's secret key (controls: the control token);
// the hosted pages (Checkout, portal, hosted invoice and PDF) on `pagesPort`, whose forms accept
// posts from those pages only. State lives in PostgreSQL (store.ts); requests run concurrently,
// serialised per object (locks.ts).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { createApi } from './api';
import { EmulatorBilling } from './billing';
import { EmulatorClock } from './clock';
import { createControls } from './controls';
import { StripeApiError } from './errors';
import { Events } from './events';
import { EmulatorFaults } from './faults';
import { FormError, parseForm } from './form';
import { apiKeyRefusal, controlRefusal, CONTROL_TOKEN_HEADER, pageOrigins, pageRefusal } from './guards';
import { createHostedPages, notFoundPage, refusedPage } from './hosted';
import { EmulatorInvoices } from './invoices';
import { ObjectLocks } from './locks';
import { checkResponse, type ContractViolation } from './openapi/responses';
import { EmulatorStore } from './store';

export interface StripeEmulatorOptions {
  /** Port of the REST API and the `/_sandbox/*` controls (0: any free port). */
  port: number;
  /** Port of the hosted pages (0, the default: any free port). */
  pagesPort?: number;
  host?: string;
  databaseUrl: string;
  /** Where events are POSTed (the app's /api/webhooks/stripe); null: none are sent. */
  webhookUrl: string | null;
  webhookSecret: string;
  /** The API's secret key (`sk_test_…`); default: a new random one. */
  secretKey?: string;
  /** The `/_sandbox/*` controls' token; default: a new random one. */
  controlToken?: string;
  /** The hosted pages' address as browsers reach it; default http://localhost:<pagesPort>. */
  pagesPublicUrl?: string;
  /** How long an idempotency key is remembered; default STRIPE_SANDBOX_IDEMPOTENCY_TTL_SECONDS or 24 hours. */
  idempotencyTtlSeconds?: number;
  /** How long a request waits for a locked object before `lock_timeout`; default 2 s. */
  lockTimeoutMs?: number;
  /** How often (real time) open invoices are checked for passing their due date; default 60 s. */
  overdueCheckMs?: number;
  /** Check every answer against Stripe's OpenAPI schemas (default: under Vitest); a mismatch answers 500. */
  checkResponses?: boolean;
  /** Called while a changing API call holds its object locks (tests make races certain with it). */
  whileLocked?: (operation: string, ids: string[]) => Promise<void>;
}

export interface StripeEmulator {
  /** The REST API's base address (the stripe SDK's host and port). */
  url: string;
  /** The hosted pages' base address. */
  pagesUrl: string;
  secretKey: string;
  controlToken: string;
  billing: EmulatorBilling;
  invoices: EmulatorInvoices;
  clock: EmulatorClock;
  /** Answers that did not match Stripe's schemas (with checkResponses). */
  contractViolations: ContractViolation[];
  /** POSTs (or GETs) a `/_sandbox/*` control with the token; returns its JSON answer. */
  control(path: string, form?: Record<string, string>, method?: 'GET' | 'POST'): Promise<unknown>;
  flushWebhooks(): Promise<number>;
  close(): Promise<void>;
}

const DAY_SECONDS = 86_400;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const listen = (server: http.Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as { port: number }).port));
  });

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? `sk_test_sandbox_${randomBytes(24).toString('base64url')}`;
  const controlToken = options.controlToken ?? randomBytes(24).toString('base64url');
  const checkResponses = options.checkResponses ?? Boolean(process.env.VITEST);
  const contractViolations: ContractViolation[] = [];
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 8 });
  const store = new EmulatorStore(pool);
  await store.migrate();
  const clock = new EmulatorClock();
  // The account the secret key belongs to: emulators sharing a database (tests) keep to their own events and invoices.
  const account = createHash('sha256').update(secretKey).digest('hex').slice(0, 16);
  const events = new Events(store, clock, { url: options.webhookUrl, secret: options.webhookSecret }, account);
  const locks = new ObjectLocks(options.lockTimeoutMs ?? 2_000);
  const faults = new EmulatorFaults();

  // The pages' listener first: invoice and Checkout links name its address.
  const pagesServer = http.createServer();
  const pagesPort = await listen(pagesServer, options.pagesPort ?? 0, host);
  const pagesUrl = (options.pagesPublicUrl ?? `http://localhost:${pagesPort}`).replace(/\/$/, '');
  const billing = new EmulatorBilling(store, events, clock, pagesUrl, account);
  const invoices = new EmulatorInvoices(billing);
  const api = createApi(billing, invoices, {
    locks,
    account,
    idempotencyTtlSeconds:
      options.idempotencyTtlSeconds ?? Number(process.env.STRIPE_SANDBOX_IDEMPOTENCY_TTL_SECONDS ?? DAY_SECONDS),
    whileLocked: options.whileLocked,
    faults,
  });
  const hostedPage = createHostedPages(billing, invoices, locks);
  const control = createControls(billing, events, locks, faults);
  // Time passing: invoices past due announce it first, then waiting webhooks go out.
  clock.onAdvance(async () => void (await invoices.announceOverdue()));
  clock.onAdvance(() => events.deliverDueNow());
  const overdueTimer = setInterval(
    () => void invoices.announceOverdue().catch(() => {}),
    options.overdueCheckMs ?? 60_000,
  );
  overdueTimer.unref();

  const allowedPages = pageOrigins(pagesUrl, pagesPort);
  pagesServer.on('request', async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://emulator.local').pathname;
    try {
      const refused = pageRefusal(request, allowedPages);
      if (refused)
        return void response.writeHead(403, { 'content-type': 'text/html; charset=utf-8' }).end(refusedPage(refused));
      const body = method === 'POST' ? await readBody(request) : '';
      if ((method === 'GET' || method === 'POST') && (await hostedPage(method, path, body, response))) return;
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFoundPage());
    } catch (error) {
      const status = error instanceof FormError ? 400 : error instanceof StripeApiError ? error.status : 500;
      if (status === 500) console.error('Stripe emulator: page failed', error);
      const message =
        error instanceof FormError || error instanceof StripeApiError
          ? error.message
          : 'The Stripe emulator failed; see its log.';
      if (!response.headersSent)
        response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(refusedPage(message));
    }
  });

  const apiServer = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://emulator.local');
    const method = request.method ?? 'GET';
    try {
      if (url.pathname === '/_sandbox/health') return json(response, 200, { ok: true });
      const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(request);
      if (url.pathname.startsWith('/_sandbox/')) {
        const refused = controlRefusal(request, controlToken);
        if (refused) {
          const message =
            refused === 401
              ? `Emulator controls need the ${CONTROL_TOKEN_HEADER} header.`
              : 'Wrong emulator control token.';
          return json(response, refused, { error: { type: 'invalid_request_error', message } });
        }
        return json(response, 200, await control(method, url.pathname, body));
      }
      if (!url.pathname.startsWith('/v1/'))
        return json(response, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` },
        });
      const unauthorized = apiKeyRefusal(request, secretKey);
      if (unauthorized) return json(response, 401, unauthorized, { 'www-authenticate': 'Bearer realm="Stripe"' });
      const params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
      const key = request.headers['idempotency-key'];
      let answer = await api.handle(method, url.pathname, params, typeof key === 'string' ? key : null);
      if (checkResponses) {
        const violation = checkResponse(
          api.operationOf(method, url.pathname),
          method,
          url.pathname,
          answer.status,
          answer.body,
        );
        if (violation) {
          contractViolations.push(violation);
          console.error(
            `Stripe emulator: answer outside Stripe's OpenAPI schema: ${violation.operation} ${violation.path}: ${violation.problem}`,
          );
          answer = {
            status: 500,
            body: {
              error: {
                type: 'api_error',
                message: `The emulator's answer does not match Stripe's OpenAPI schema: ${violation.problem}`,
              },
            },
          };
        }
      }
      json(response, answer.status, answer.body, {
        'request-id': `req_${randomBytes(10).toString('hex')}`,
        'stripe-version': '2026-10-28.endive',
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
        ...(answer.shouldRetry === false ? { 'stripe-should-retry': 'false' } : {}),
      });
    } catch (error) {
      if (error instanceof FormError)
        return json(response, 400, {
          error: { type: 'invalid_request_error', message: error.message, param: error.param },
        });
      const status = error instanceof StripeApiError ? error.status : 500;
      if (status === 500) console.error('Stripe emulator: request failed', error);
      const body =
        error instanceof StripeApiError
          ? { error: error.body }
          : { error: { type: 'api_error', message: 'The Stripe emulator failed; see its log.' } };
      if (!response.headersSent) json(response, status, body);
    }
  });
  const port = await listen(apiServer, options.port, host);
  const url = `http://localhost:${port}`;
  // The events kept waiting by a restart are sent now.
  events.kick();

  return {
    url,
    pagesUrl,
    secretKey,
    controlToken,
    billing,
    invoices,
    clock,
    contractViolations,
    async control(path, form = {}, method = 'POST') {
      const response = await fetch(new URL(path, url), {
        method,
        headers: { [CONTROL_TOKEN_HEADER]: controlToken },
        ...(method === 'POST' ? { body: new URLSearchParams(form) } : {}),
      });
      const answer = (await response.json()) as unknown;
      if (!response.ok)
        throw new Error(`emulator control ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    },
    flushWebhooks: () => events.flush(),
    async close() {
      clearInterval(overdueTimer);
      await Promise.all([apiServer, pagesServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      await events.close();
      await pool.end();
    },
  };
}
