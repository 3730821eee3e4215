// Key creation and account deletion take the same account row lock: a key asked for while the
// account is being deleted waits for the deletion, then is refused. The deletion's hook holds the
// lock until the creation is seen waiting on it, so the order is certain.
import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { deleteAccount } from '@/lib/server/account/delete-account';
import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';

import { seedAccount } from './support/seed';

/** Resolves once some other backend is waiting for a lock that backend `pid` holds. */
async function someoneWaitsOn(pid: number): Promise<void> {
  for (;;) {
    const [row] = await db.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`;
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('createApiKey during an account deletion', () => {
  it('refuses a key asked for while the account is being deleted, once the deletion commits', async () => {
    const { accountId, actor } = await seedAccount();
    let creation: Promise<unknown> = Promise.resolve();
    const deleted = await deleteAccount({
      accountId,
      whileLocked: async (tx) => {
        const [{ pid }] = await tx.$queryRaw<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`;
        creation = createApiKey({ accountId, actor, name: 'made during deletion' }).then(
          () => null,
          (error: unknown) => error,
        );
        await someoneWaitsOn(pid);
      },
    });
    expect(deleted).toEqual({ ok: true });

    const error = await creation;
    expect(error).toBeInstanceOf(ConsoleError);
    expect(error).toMatchObject({ code: 'not_found', message: 'This account has been deleted' });
    expect(await db.apiKey.count({ where: { accountId, status: { not: 'deleted' } } })).toBe(0);
    expect(await db.apiKey.count({ where: { accountId, name: 'made during deletion' } })).toBe(0);
  });

  it('refuses a key for an account deleted earlier', async () => {
    const { accountId, actor } = await seedAccount();
    expect(await deleteAccount({ accountId })).toEqual({ ok: true });
    await expect(createApiKey({ accountId, actor })).rejects.toMatchObject({
      code: 'not_found',
      message: 'This account has been deleted',
    });
  });
});
