// Which OAuth buttons the sign-in page offers follows the environment (lib/env.ts is read at import).
import { afterEach, describe, expect, it, vi } from 'vitest';

const names = ['AUTH_GITHUB_ID', 'AUTH_GITHUB_SECRET', 'AUTH_GOOGLE_ID', 'AUTH_GOOGLE_SECRET'] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

async function providersWith(values: Partial<Record<(typeof names)[number], string>>): Promise<string[]> {
  for (const name of names) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
  vi.resetModules();
  const { enabledOAuthProviders } = await import('@/lib/auth/config');
  return enabledOAuthProviders().map((provider) => provider.id);
}

afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  vi.resetModules();
});

describe('enabledOAuthProviders', () => {
  it('offers none when nothing is configured', async () => {
    expect(await providersWith({})).toEqual([]);
  });

  it('needs both the id and the secret of a provider', async () => {
    expect(await providersWith({ AUTH_GITHUB_ID: 'id' })).toEqual([]);
    expect(await providersWith({ AUTH_GOOGLE_SECRET: 'secret' })).toEqual([]);
  });

  it('offers each provider that has both', async () => {
    expect(await providersWith({ AUTH_GITHUB_ID: 'id', AUTH_GITHUB_SECRET: 'secret' })).toEqual(['github']);
    expect(
      await providersWith({
        AUTH_GITHUB_ID: 'id',
        AUTH_GITHUB_SECRET: 'secret',
        AUTH_GOOGLE_ID: 'id',
        AUTH_GOOGLE_SECRET: 'secret',
      }),
    ).toEqual(['github', 'google']);
  });
});
