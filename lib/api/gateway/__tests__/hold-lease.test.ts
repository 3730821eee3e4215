// A hold outlives the longest call its process can make. The gateway's deadline
// (UPSTREAM_TIMEOUT_MS) ends a call however many platform requests it makes, even from a provider
// that ignores the abort signal, and the lease is derived from that deadline.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import type { Provider } from '../../registry/types';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';
import { holdLeaseMs } from '../hold-lease';

const POSTS = '/v1/forumsite/community/posts';

test('the lease is the deadline plus a minute, and never under five minutes', () => {
  expect(holdLeaseMs(600_000)).toBe(660_000);
  expect(holdLeaseMs(30_000)).toBe(300_000);
});

// A platform that never answers and never looks at the signal; asked, it reads the call's hold.
let leases: Promise<number>[] = [];
let accountId = '';
const deaf: Provider = {
  call: () => {
    leases.push(
      db.callHold
        .findMany({ where: { accountId } })
        .then(([hold]) => (hold ? hold.expiresAt.getTime() - hold.createdAt.getTime() : -1)),
    );
    return new Promise(() => {});
  },
};
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '', timeoutMs: 400, providerFor: () => deaf });
});
afterAll(async () => {
  await api?.close();
});

test("a call whose provider ignores the deadline still ends at it, and its hold lasts the lease of the process's deadline", async () => {
  const account = await newAccountWithKey({ payment: 'none' });
  accountId = account.accountId;
  leases = [];
  const response = await api.get(POSTS, { key: account.key, params: { community: 'gardening', pages: 5 } });
  expect({ status: response.status, code: ((await response.json()) as { code: string }).code }).toEqual({
    status: 504,
    code: 'upstream_timeout',
  });
  expect(await Promise.all(leases)).toEqual([holdLeaseMs(400)]);
  expect(await db.callHold.count({ where: { accountId } })).toBe(0);
});
