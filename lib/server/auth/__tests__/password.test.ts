import { describe, expect, it } from 'vitest';

import { hashPassword } from '@/lib/server/auth/hash-password';
import { verifyPassword } from '@/lib/server/auth/verify-password';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with N of at least 16384 and a 16-byte salt', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBeGreaterThanOrEqual(16_384);
    expect(Number(r)).toBe(8);
    expect(Number(p)).toBe(1);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64').length).toBeGreaterThanOrEqual(32);
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('rejects any password when there is no stored hash, after doing the same work', async () => {
    const stored = await hashPassword('some password');
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    const known = await time(() => verifyPassword('guess guess', stored));
    const unknown = await time(() => verifyPassword('guess guess', null));
    expect(await verifyPassword('guess guess', null)).toBe(false);
    // Both run scrypt at N=16384 (tens of milliseconds); skipping it would take well under 1 ms.
    expect(unknown).toBeGreaterThan(known / 4);
  });

  it('rejects malformed stored hashes without throwing', async () => {
    expect(await verifyPassword('anything at all', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything at all', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
