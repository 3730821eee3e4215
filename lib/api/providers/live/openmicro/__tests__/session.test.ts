// openmicro with the service's own account (LIVE_OPENMICRO_IDENTIFIER / _PASSWORD), through the
// real gateway on the replay server: one login, the Bearer token, a token the server says has
// expired renewed with refreshSession (or a new login), a refused account, the default base
// address, and credentials never logged.
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { resolveSources } from '@/lib/api/providers/sources';
import { startReplayServer, type ReplayServer } from '../../__tests__/support/replay-server';
import { billedUnits, type LiveApi as Live } from '../../__tests__/support/live-api';
import { startFamilyApi, startLiveFamily, unhurried } from '../../__tests__/support/live-family';
import {
  CREATE_SESSION,
  DOCUMENTED,
  REFRESH_SESSION,
  SEARCH,
  TOKENS,
  openmicroRoutes,
  recordingText,
  searchQuery,
  sessionBody,
} from './support/routes';

// Politeness has its own test: elsewhere the bucket never makes a call wait.
const startLive = (replay: ReplayServer, env: Record<string, string> = {}): Promise<Live> =>
  startFamilyApi('openmicro', replay, { ...unhurried('openmicro'), ...env });

const PATH = '/v1/openmicro/posts';
const CREDENTIALS = {
  LIVE_OPENMICRO_IDENTIFIER: 'service.example.test',
  LIVE_OPENMICRO_PASSWORD: 'abcd-efgh-ijkl-mnop',
};
const secrets = [CREDENTIALS.LIVE_OPENMICRO_IDENTIFIER, CREDENTIALS.LIVE_OPENMICRO_PASSWORD, ...Object.values(TOKENS)];

/** The path and Authorization header of each request since `from`. */
const sent = (replay: ReplayServer, from: number) =>
  replay.requests.slice(from).map((r) => `${r.path} ${r.headers.authorization ?? '-'}`);

describe('openmicro with an account', () => {
  let replay: ReplayServer;
  let account: TestAccount;
  let live: Live | undefined;

  beforeAll(async () => {
    replay = await startReplayServer(openmicroRoutes);
    account = await newAccountWithKey();
  });
  afterEach(async () => {
    expect(replay.unmatched).toEqual([]);
    for (const line of live?.logs ?? []) for (const secret of secrets) expect(line).not.toContain(secret);
    await live?.close();
    live = undefined;
  });
  afterAll(() => replay.close());

  test('signs in once and sends the access token as a Bearer token', async () => {
    live = await startLive(replay, CREDENTIALS);
    const from = replay.requests.length;
    for (let i = 0; i < 2; i += 1) {
      expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    }
    expect(sent(replay, from)).toStrictEqual([
      `${CREATE_SESSION} -`,
      `${SEARCH} Bearer ${TOKENS.access1}`,
      `${SEARCH} Bearer ${TOKENS.access1}`,
    ]);
  });

  test('renews a token the server says has expired with refreshSession, and asks the page again', async () => {
    live = await startLive(replay, CREDENTIALS);
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    const from = replay.requests.length;
    replay.fault({ status: 401, body: DOCUMENTED.expiredToken }, { path: SEARCH });
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(response.status).toBe(200);
    expect(await billedUnits(account, response)).toBe(1);
    expect(sent(replay, from)).toStrictEqual([
      `${SEARCH} Bearer ${TOKENS.access1}`,
      `${REFRESH_SESSION} Bearer ${TOKENS.refresh1}`,
      `${SEARCH} Bearer ${TOKENS.access2}`,
    ]);
  });

  test('signs in again when the refresh is refused too', async () => {
    live = await startLive(replay, CREDENTIALS);
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    const from = replay.requests.length;
    replay.fault({ status: 401, body: DOCUMENTED.expiredToken }, { path: SEARCH });
    replay.fault({ status: 400, body: DOCUMENTED.expiredToken }, { path: REFRESH_SESSION });
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    expect(sent(replay, from)).toStrictEqual([
      `${SEARCH} Bearer ${TOKENS.access1}`,
      `${REFRESH_SESSION} Bearer ${TOKENS.refresh1}`,
      `${CREATE_SESSION} -`,
      `${SEARCH} Bearer ${TOKENS.access1}`,
    ]);
  });

  test('a refusal kept in the page cache is asked again with the current token, without another renewal', async () => {
    live = await startLive(replay, { ...CREDENTIALS, LIVE_CACHE_SECONDS: '60' });
    replay.fault({ status: 401, body: DOCUMENTED.expiredToken }, { path: SEARCH });
    const from = replay.requests.length;
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    expect(sent(replay, from)).toStrictEqual([
      `${CREATE_SESSION} -`,
      `${SEARCH} Bearer ${TOKENS.access1}`,
      `${REFRESH_SESSION} Bearer ${TOKENS.refresh1}`,
      `${SEARCH} Bearer ${TOKENS.access2}`,
      `${SEARCH} Bearer ${TOKENS.access2}`,
    ]);
  });

  test('answers 502 when the platform refuses the account, logs why without the credentials, and waits before trying again', async () => {
    live = await startLive(replay, CREDENTIALS);
    replay.fault(
      { status: 401, body: recordingText('create-session-401-authentication-required.json') },
      { path: CREATE_SESSION },
    );
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toContain(
      'createSession answered 401 AuthenticationRequired: Invalid identifier or password',
    );
    const asked = replay.count();
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(502);
    expect(replay.count()).toBe(asked);
  });

  test('renews an access token before its JWT expiry without waiting for a refusal', async () => {
    const expired = `eyJhbGciOiJFUzI1NksifQ.${Buffer.from(JSON.stringify({ scope: 'com.atproto.access', exp: 1_700_000_000 })).toString('base64url')}.c2ln`;
    const own = await startLiveFamily(
      'openmicro',
      [
        { method: 'POST', path: CREATE_SESSION, query: {}, body: sessionBody(expired, TOKENS.refresh1) },
        ...openmicroRoutes.filter((route) => route.path !== CREATE_SESSION),
      ],
      { ...unhurried('openmicro'), ...CREDENTIALS },
    );
    onTestFinished(own.close);
    expect((await own.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    expect((await own.api.get(PATH, { key: account.key, params: { query: 'redistricting' } })).status).toBe(200);
    expect(sent(own.replay, 0)).toStrictEqual([
      `${CREATE_SESSION} -`,
      `${SEARCH} Bearer ${expired}`,
      `${REFRESH_SESSION} Bearer ${TOKENS.refresh1}`,
      `${SEARCH} Bearer ${TOKENS.access2}`,
    ]);
    // Its own API and replay server, so the block's after-each checks are made here.
    expect(own.replay.unmatched).toEqual([]);
    for (const line of own.logs) for (const secret of secrets) expect(line).not.toContain(secret);
  });
});

describe('openmicro base address', () => {
  test('is the public AppView without credentials and the entryway with them, unless LIVE_OPENMICRO_URL is set', () => {
    const base = (env: Record<string, string>) => resolveSources({ DATA_SOURCE: 'live', ...env }).openmicro.liveBaseUrl;
    expect(base({})).toBe('https://public.api.bsky.app');
    expect(base(CREDENTIALS)).toBe('https://bsky.social');
    expect(base({ ...CREDENTIALS, LIVE_OPENMICRO_URL: 'https://pds.example.test' })).toBe('https://pds.example.test');
    expect(searchQuery('x')).toStrictEqual({ q: 'x', sort: 'latest', limit: '50' });
  });
});
