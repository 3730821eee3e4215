// compose.yaml and the Dockerfile, checked without Docker (not installed here): the compose file
// parses and wires the services as docs/operations.md describes; the Dockerfile is multi-stage,
// on node:22-slim, and runs as a user other than root.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

// Merge keys (<<) as Docker Compose reads them.
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { services } = compose;

describe('compose.yaml', () => {
  test('has PostgreSQL 18, Redis, the migrations, the console, two API instances behind a proxy, and the worker', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api-1',
      'api-2',
      'api-proxy',
      'console',
      'migrate',
      'postgres',
      'redis',
      'worker',
    ]);
    expect(services.postgres!.image).toBe('postgres:18');
    expect(services.redis!.image).toMatch(/^redis:/);
    expect(compose.volumes).toHaveProperty('postgres-data');
  });

  test('runs the compiled servers from one image built here', () => {
    for (const name of ['migrate', 'api-1', 'api-2', 'console', 'worker']) expect(services[name]!.build).toBe('.');
    expect(services['api-1']!.command).toEqual(['node', '--max-semi-space-size=64', 'dist/api-server.js']);
    expect(services['api-2']!.command).toEqual(services['api-1']!.command);
    expect(services.worker!.command).toEqual(['node', '--conditions=react-server', 'dist/worker.js']);
    expect(services.migrate!.command).toEqual(['node_modules/.bin/tsx', 'scripts/db.ts', 'migrate']);
  });

  test('publishes the console on 3000 and the API through the proxy on 3001, and nothing else', () => {
    const published = Object.fromEntries(
      Object.entries(services)
        .filter(([, s]) => s.ports)
        .map(([name, s]) => [name, s.ports]),
    );
    expect(published).toEqual({ console: ['3000:3000'], 'api-proxy': ['3001:3001'] });
    const proxy = readFileSync('deploy/api-proxy.conf', 'utf8');
    expect(proxy).toContain('server api-1:3001');
    expect(proxy).toContain('server api-2:3001');
    expect(proxy).toContain('listen 3001');
  });

  test('gives every process the database, Redis and its settings; the console forwards /v1 to the proxy', () => {
    for (const name of ['migrate', 'api-1', 'api-2', 'console', 'worker']) {
      expect(services[name]!.environment!.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(services[name]!.environment!.REDIS_URL).toBe('redis://redis:6379');
    }
    expect(services['api-1']!.environment).toMatchObject({
      API_PORT: '3001',
      METRICS_PORT: '9091',
      API_MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    expect(services.worker!.environment!.METRICS_PORT).toBe('9091');
    expect(services.console!.environment).toMatchObject({ PORT: '3000', API_INTERNAL_URL: 'http://api-proxy:3001' });
    expect(services.console!.environment!.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
  });

  test('requires its secrets, with no default, and asks for no variable that no service receives', () => {
    const text = readFileSync('compose.yaml', 'utf8');
    for (const secret of ['POSTGRES_PASSWORD', 'AUTH_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
      expect(text, secret).toMatch(new RegExp(`\\$\\{${secret}:\\?`));
    expect(text).not.toMatch(/\$\{(POSTGRES_PASSWORD|AUTH_SECRET|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET):-/);
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(services.migrate!.environment!.DATABASE_URL).toMatch(/^postgresql:\/\/app:\$\{POSTGRES_PASSWORD:\?/);
    // Every NAME=... the header tells the operator to set reaches a service's environment.
    const header = text.slice(0, text.indexOf('x-app:'));
    const asked = [...header.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]!);
    expect(asked.length).toBeGreaterThan(3);
    const received = (name: string) =>
      name === 'POSTGRES_PASSWORD' || Object.values(services).some((s) => s.environment?.[name] !== undefined);
    for (const name of asked) expect(received(name), name).toBe(true);
    // The console's secrets and the mail settings are passed where they are read.
    expect(services.console!.environment).toHaveProperty('AUTH_GITHUB_SECRET');
    expect(services.console!.environment).toHaveProperty('AUTH_GOOGLE_SECRET');
    expect(services.worker!.environment).toHaveProperty('MAIL_FROM');
    expect(services.worker!.environment!.SMTP_URL).toMatch(/^\$\{SMTP_URL:-\}$/);
  });

  test('starts each service after what it needs: migrations after PostgreSQL is healthy, the rest after the migrations', () => {
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of ['api-1', 'api-2']) {
      expect(services[name]!.depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
      });
      expect(services[name]!.healthcheck!.test.join(' ')).toContain('/readyz');
    }
    expect(services['api-proxy']!.depends_on).toEqual({
      'api-1': { condition: 'service_healthy' },
      'api-2': { condition: 'service_healthy' },
    });
    expect(services.console!.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
    expect(services.worker!.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  const from = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)].map((m) => ({ image: m[1], stage: m[2] }));

  test('builds in one stage and runs from another, both node:22-slim, with npm ci and the build', () => {
    expect(from).toEqual([
      { image: 'node:22-slim', stage: 'build' },
      { image: 'node:22-slim', stage: 'runtime' },
    ]);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  test('the final image runs as the unprivileged node user and copies only built files, not the build context', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^COPY (?!--from=build)/m);
    expect(runtime).toContain('dist ./dist');
  });
});
