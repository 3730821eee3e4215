// The explorer's key and history belong to the user who made them: another user reading them gets
// nothing and erases them; what was kept before items carried an owner is nobody's and erased too.
// The browser flow (sign-out, then another user) is e2e/explorer/signout.spec.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { discardExplorerStateOfOthers, forgetExplorerState } from '@/lib/explorer/forget-explorer-state';
import { addToHistory, readHistory, type HistoryEntry } from '@/lib/explorer/history';
import { readTabKey, writeTabKey } from '@/lib/explorer/tab-key';

class MemoryStorage implements Storage {
  private readonly data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
  clear = () => this.data.clear();
  key = (i: number) => [...this.data.keys()][i] ?? null;
}

const entry = (id: string): HistoryEntry => ({
  id,
  at: new Date(0).toISOString(),
  method: 'GET',
  path: '/v1/forumsite/community/posts',
  params: [['community', 'news']],
  status: 200,
  code: null,
  units: 1,
  durationMs: 5,
  requestId: `req_${id}`,
});

let local: MemoryStorage;
let session: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  Object.assign(globalThis, { window: { localStorage: local, sessionStorage: session } });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("the explorer's key and history after another user signs in", () => {
  it('shows user B neither the key nor the calls user A left, and erases them', () => {
    writeTabKey('user-a', 'ak_live_of_user_a');
    addToHistory(local, 'user-a', entry('a1'));
    expect(readTabKey('user-a')).toBe('ak_live_of_user_a');
    expect(readHistory(local, 'user-a').map((e) => e.id)).toEqual(['a1']);

    expect(readTabKey('user-b')).toBe('');
    expect(readHistory(local, 'user-b')).toEqual([]);
    expect(readTabKey('user-a')).toBe('');
    expect(readHistory(local, 'user-a')).toEqual([]);
    expect(session.length + local.length).toBe(0);
  });

  it('erases what another user left as soon as any console page opens, before the explorer is used', () => {
    writeTabKey('user-a', 'ak_live_of_user_a');
    addToHistory(local, 'user-a', entry('a1'));
    discardExplorerStateOfOthers('user-b');
    expect(session.length + local.length).toBe(0);
  });

  it('keeps the signed-in user’s own key and history from page to page', () => {
    writeTabKey('user-a', 'ak_live_of_user_a');
    addToHistory(local, 'user-a', entry('a1'));
    discardExplorerStateOfOthers('user-a');
    expect(readTabKey('user-a')).toBe('ak_live_of_user_a');
    expect(readHistory(local, 'user-a')).toHaveLength(1);
  });

  it('erases a key and history kept before they carried an owner (nobody’s)', () => {
    session.setItem('explorer.apiKey', 'ak_live_unowned');
    local.setItem('explorer.history.v1', JSON.stringify([entry('old')]));
    expect(readTabKey('user-b')).toBe('');
    expect(readHistory(local, 'user-b')).toEqual([]);
    expect(session.length + local.length).toBe(0);
  });

  it('erases both at sign-out', () => {
    writeTabKey('user-a', 'ak_live_of_user_a');
    addToHistory(local, 'user-a', entry('a1'));
    forgetExplorerState();
    expect(session.length + local.length).toBe(0);
  });
});

// The checks are plain type guards (no zod on every console page: the first-load budget); they refuse
// what the schema refused.
describe('what the browser kept, read back', () => {
  it('erases a history or key that is malformed, and keeps a well-formed one', () => {
    addToHistory(local, 'user-a', entry('a1'));
    expect(readHistory(local, 'user-a').map((e) => e.id)).toEqual(['a1']);
    const stored = (value: unknown) => JSON.stringify({ owner: 'user-a', value });
    for (const bad of [
      [{ ...entry('x'), path: '/not-v1' }],
      [{ ...entry('x'), method: 'DELETE' }],
      [{ ...entry('x'), params: [['only-one']] }],
      [{ ...entry('x'), status: 200.5 }],
      [{ ...entry('x'), units: '1' }],
      { not: 'a list' },
    ]) {
      local.setItem('explorer.history.v2', stored(bad));
      expect(readHistory(local, 'user-a')).toEqual([]);
      expect(local.getItem('explorer.history.v2')).toBeNull();
    }
    session.setItem('explorer.apiKey.v2', stored(42));
    expect(readTabKey('user-a')).toBe('');
    expect(session.getItem('explorer.apiKey.v2')).toBeNull();
  });
});
