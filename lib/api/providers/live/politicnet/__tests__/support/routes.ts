// The replay route table for politicnet: Mastodon's real paths answered from the recordings in
// data/live/politicnet/ (sources and licences in NOTICE). Link headers are the recorded ones,
// copied verbatim: the adapter follows their rel="next" max_id, so the pages chain as recorded.
//
// Two differences from the recorded requests, both in the replay table, none in the bodies:
// - The statuses pages were recorded with exclude_reblogs=FALSE (rtoot's default); the adapter
//   asks exclude_reblogs=true. chainsawriot's pages hold 4 boosts, which a server honouring the
//   parameter would not send: they test that the adapter leaves out any boost it gets anyway.
// - No lookup was recorded for these two accounts: GET /api/v1/accounts/:id of the same account
//   on the same server was, and Mastodon's lookup renders the same Account entity.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';

const DIR = 'data/live/politicnet';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** A recording's text, for faults and for payloads a test derives from it. */
export function recording(file: string): string {
  return readFileSync(path.resolve(repositoryRoot, DIR, file), 'utf8');
}

const statuses = (accountId: string) => `/api/v1/accounts/${accountId}/statuses`;
const firstPage = { limit: '20', exclude_reblogs: 'true' };

/** social.tchncs.de, 2022-11-21: @chainsawriot, three pages (20, 20, 3 statuses), the last without rel="next". */
export const CHAINSAWRIOT = { username: 'chainsawriot', id: '109281650341067731' };
/** fosstodon.org, 2025-07-17: @schochastics, the first two of many pages. */
export const SCHOCHASTICS = { username: 'schochastics', id: '109302436954721982' };
/** The unknown name Mastodon.py's cassette asked a Mastodon server about (404 Record not found). */
export const UNKNOWN_USER = 'kljadklajsdkljlkjlkjlkjasdasd';
/** The documentation's suspended account (Mastodon 3.3+: an Account with suspended: true). */
export const SUSPENDED_USER = 'stigatle@quitter.no';

export const politicnetRoutes: ReplayRoute[] = [
  { path: '/api/v1/accounts/lookup', query: { acct: CHAINSAWRIOT.username }, file: `${DIR}/chainsawriot-account.json` },
  // check-sources asks the adapter's probe account (Mastodon); against the replay server it is
  // answered with the recorded account, so `check-sources` can be tried without the network.
  { path: '/api/v1/accounts/lookup', query: { acct: 'Mastodon' }, file: `${DIR}/chainsawriot-account.json` },
  {
    path: statuses(CHAINSAWRIOT.id),
    query: firstPage,
    file: `${DIR}/chainsawriot-statuses-1.json`,
    headers: {
      link: '<https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&max_id=109315118407397095>; rel="next", <https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&min_id=109335864066683251>; rel="prev"',
    },
  },
  {
    path: statuses(CHAINSAWRIOT.id),
    query: { ...firstPage, max_id: '109315118407397095' },
    file: `${DIR}/chainsawriot-statuses-2.json`,
    headers: {
      link: '<https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&max_id=109285625663774938>; rel="next", <https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&min_id=109309878898870348>; rel="prev"',
    },
  },
  {
    path: statuses(CHAINSAWRIOT.id),
    query: { ...firstPage, max_id: '109285625663774938' },
    file: `${DIR}/chainsawriot-statuses-3.json`,
    headers: {
      link: '<https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&min_id=109284888045970411>; rel="prev"',
    },
  },
  { path: '/api/v1/accounts/lookup', query: { acct: SCHOCHASTICS.username }, file: `${DIR}/schochastics-account.json` },
  {
    path: statuses(SCHOCHASTICS.id),
    query: firstPage,
    file: `${DIR}/schochastics-statuses-1.json`,
    headers: {
      link: '<https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&max_id=113191408914362368>; rel="next", <https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&min_id=114739545367952761>; rel="prev"',
    },
  },
  {
    path: statuses(SCHOCHASTICS.id),
    query: { ...firstPage, max_id: '113191408914362368' },
    file: `${DIR}/schochastics-statuses-2.json`,
    headers: {
      link: '<https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&max_id=112979293284087498>; rel="next", <https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&min_id=113191314662526953>; rel="prev"',
    },
  },
  { path: '/api/v1/accounts/lookup', query: { acct: UNKNOWN_USER }, status: 404, file: `${DIR}/lookup-not-found.json` },
  { path: '/api/v1/accounts/lookup', query: { acct: SUSPENDED_USER }, file: `${DIR}/account-suspended.json` },
];
