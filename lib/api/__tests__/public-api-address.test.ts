// The public API has one address, apiBaseUrl(): API_PUBLIC_URL when the operator sets it, else
// where `npm start` serves the API (the API server on API_PORT). The OpenAPI document names it
// whichever host it is asked through (the console's /v1 mount included), the explorer's and the
// reference's snippets are built on it, and no other code reads API_PUBLIC_URL or works out an
// address of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import { buildSnippet } from '@/lib/explorer/snippets';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { startTestApi } from './support/harness';

const settable = env as { API_PUBLIC_URL?: string };
const original = settable.API_PUBLIC_URL;
afterEach(() => {
  settable.API_PUBLIC_URL = original;
});

async function openApiServers(origin: string): Promise<unknown> {
  const api = await startTestApi({ redisUrl: '' });
  try {
    const response = await api.runtime.gateway.fetch(new Request(`${origin}/v1/openapi.json`));
    return ((await response.json()) as { servers: unknown }).servers;
  } finally {
    await api.close();
  }
}

describe.each([
  { name: 'set (with a trailing slash)', value: 'https://api.example.test/', expected: 'https://api.example.test' },
  { name: 'unset', value: undefined, expected: `http://localhost:${env.API_PORT}` },
])('with API_PUBLIC_URL $name', ({ value, expected }) => {
  test('apiBaseUrl() names it, and the OpenAPI document names the same server through any host', async () => {
    settable.API_PUBLIC_URL = value;
    expect(apiBaseUrl()).toBe(expected);
    // Asked through the console's mount and through the API server's own address: one server.
    expect(await openApiServers(`http://localhost:${env.PORT}`)).toEqual([{ url: expected }]);
    expect(await openApiServers(`http://127.0.0.1:${env.API_PORT}`)).toEqual([{ url: expected }]);
    const curl = buildSnippet('curl', { baseUrl: apiBaseUrl(), method: 'GET', path: '/v1/account/verify', params: [] });
    expect(curl).toContain(`'${expected}/v1/account/verify'`);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === '__tests__' || name === 'generated' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('one source for the address', () => {
  const files = ['app', 'components', 'lib'].flatMap(sourceFiles);

  test('no code but apiBaseUrl() reads API_PUBLIC_URL', () => {
    const readers = files.filter((file) => /\.API_PUBLIC_URL\b/.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([path.join('lib', 'http', 'api-base-url.ts')]);
  });

  test('the pages that show calls (the landing sample, /docs, /explorer, /dashboard) take the address from apiBaseUrl()', () => {
    for (const page of [
      'components/landing/landing-sample.tsx',
      'app/docs/page.tsx',
      'app/(dashboard)/explorer/page.tsx',
      'app/(dashboard)/dashboard/page.tsx',
    ]) {
      const source = readFileSync(page, 'utf8');
      expect(source, page).toContain("import { apiBaseUrl } from '@/lib/http/api-base-url';");
      // An address worked out from the request (Host, X-Forwarded-Proto) would differ per visitor.
      expect(source, page).not.toMatch(/headers\(\)|CONSOLE_PUBLIC_URL/);
    }
  });

  test('the README names the default address for its curl example', () => {
    const readme = readFileSync('README.md', 'utf8');
    settable.API_PUBLIC_URL = undefined;
    expect(env.API_PORT).toBe(3001);
    expect(readme).toContain(`"${apiBaseUrl()}/v1/forumsite/community/posts?`);
    expect(readme).not.toMatch(/localhost:3000\/v1/);
  });
});
