// The explorer: share links and the history never carry a key or a token, whichever way
// they are made or read, and the code snippets show <API_KEY> until "Show my key" is ticked (the
// browser test e2e/explorer/explorer.spec.ts ticks it on the page).
import { describe, expect, it } from 'vitest';

import { addToHistory, readHistory, type HistoryEntry } from '@/lib/explorer/history';
import { explorerLink, readShareLink } from '@/lib/explorer/share-link';
import { buildSnippet, snippetApiKey, snippetLanguages } from '@/lib/explorer/snippets';

const POSTS = '/v1/forumsite/community/posts';
const KEY = 'ak_live_0123456789abcdefghijklmnopqrstuvwxyzABCD';
/** Every parameter name that could carry a secret, in the spellings a pasted URL might use. */
const secrets: [string, string][] = [
  ['key', `${KEY}-1`],
  ['api_key', `${KEY}-2`],
  ['x-api-key', `${KEY}-3`],
  ['X-API-Key', `${KEY}-4`],
  ['apikey', `${KEY}-5`],
  ['token', 'tok_secret_6'],
  ['access_token', 'tok_secret_7'],
  ['authorization', 'Bearer secret_8'],
  ['Authorization', 'Bearer secret_9'],
];
const secretValues = secrets.map(([, value]) => value);
const withSecrets: [string, string][] = [['community', 'AskScience'], ...secrets, ['pages', '2']];

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    dump: () => [...data.values()].join('\n'),
  };
}

describe('share links and history never carry key, api_key, x-api-key, token or authorization', () => {
  it('a share link is built without them', () => {
    const link = explorerLink(POSTS, withSecrets);
    expect(link).toBe(`/explorer?path=${POSTS}&community=AskScience&pages=2`);
    for (const value of secretValues) expect(decodeURIComponent(link)).not.toContain(value);
  });

  it('a share link read back drops them, whoever made it', () => {
    const search = new URLSearchParams([['path', POSTS], ...withSecrets]);
    expect(readShareLink(search)).toEqual({
      path: POSTS,
      params: [
        ['community', 'AskScience'],
        ['pages', '2'],
      ],
    });
  });

  it('the history keeps none of them', () => {
    const storage = memoryStorage();
    const entry: HistoryEntry = {
      id: 'call-1',
      at: new Date(0).toISOString(),
      method: 'GET',
      path: POSTS,
      params: withSecrets,
      status: 200,
      code: null,
      units: 2,
      durationMs: 5,
      requestId: 'req_1',
    };
    addToHistory(storage, 'user-a', entry);
    expect(readHistory(storage, 'user-a').map((e) => e.params)).toEqual([
      [
        ['community', 'AskScience'],
        ['pages', '2'],
      ],
    ]);
    for (const value of secretValues) expect(storage.dump()).not.toContain(value);
  });
});

describe('the snippets show <API_KEY> until "Show my key" is ticked', () => {
  const request = {
    baseUrl: 'https://api.example.test',
    method: 'GET' as const,
    path: POSTS,
    params: [['community', 'AskScience']] as [string, string][],
  };

  it.each(snippetLanguages.map((l) => l.id))('%s', (language) => {
    const unticked = buildSnippet(language, { ...request, apiKey: snippetApiKey(false, KEY) });
    expect(unticked).toContain('<API_KEY>');
    expect(unticked).not.toContain(KEY);
    const ticked = buildSnippet(language, { ...request, apiKey: snippetApiKey(true, KEY) });
    expect(ticked).toContain(KEY);
    expect(ticked).not.toContain('<API_KEY>');
    // Ticked with no key in the tab: still the placeholder.
    expect(buildSnippet(language, { ...request, apiKey: snippetApiKey(true, '') })).toContain('<API_KEY>');
  });
});
