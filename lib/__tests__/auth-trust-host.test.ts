// Auth.js trusts the Host header as AUTH_TRUST_HOST says (the README documents it), not always.
// lib/env.ts is read at import, so each case imports the configuration afresh.
import { afterEach, describe, expect, it, vi } from 'vitest';

const names = ['AUTH_TRUST_HOST', 'AUTH_URL'] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

async function trustHostWith(values: Partial<Record<(typeof names)[number], string>>): Promise<boolean | undefined> {
  for (const name of names) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
  vi.resetModules();
  const { authConfig } = await import('@/lib/auth/config');
  return authConfig.trustHost;
}

afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  vi.resetModules();
});

describe('AUTH_TRUST_HOST', () => {
  it('trusts the Host header by default, as scripts/run.ts and the console server expect', async () => {
    expect(await trustHostWith({})).toBe(true);
    expect(await trustHostWith({ AUTH_TRUST_HOST: 'true' })).toBe(true);
  });

  it('does not trust it with AUTH_TRUST_HOST=false', async () => {
    expect(await trustHostWith({ AUTH_TRUST_HOST: 'false' })).toBe(false);
  });

  it('with AUTH_TRUST_HOST=false and AUTH_URL, lets Auth.js run on AUTH_URL instead of the Host', async () => {
    expect(await trustHostWith({ AUTH_TRUST_HOST: 'false', AUTH_URL: 'https://console.example.com' })).toBe(true);
  });

  it('refuses a value that is not true or false, naming the variable', async () => {
    await expect(trustHostWith({ AUTH_TRUST_HOST: 'yes' })).rejects.toThrow(/AUTH_TRUST_HOST/);
  });
});
