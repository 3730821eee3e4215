// The replay route table for photonet: the Instagram Graph API's business discovery answered from
// data/live/photonet/ (sources and licences in NOTICE), by the query the adapter sends.
//
// What is recorded and what is not:
// - business-discovery-user-fields.json is a real business discovery answer for
//   @facebookfordevelopers (a business account), recorded by sns-sdks/python-facebook's tests. It
//   was asked for fewer fields than the adapter asks (no follows_count, no website), so those come
//   back absent, as a token without them would get. Byte for byte; nothing personal to scrub.
// - The 400 for an account business discovery cannot find (code 110, subcode 2207013) and the
//   throttling 400 (code 4) are written here in the Graph API's documented error shape; no
//   recording of them with a licence was found.
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { discoveryFields, discoveryPath } from '../../client';

const DIR = 'data/live/photonet';

/** The operator's business account id and token the replay expects (tests, scripts/live-replay.ts). */
export const REPLAY_BUSINESS_ID = '17841406338772941';
export const REPLAY_TOKEN = 'replay-photonet-token';

/** @public read by name by scripts/live-replay.ts */
export const photonetReplayEnv = {
  LIVE_PHOTONET_ACCESS_TOKEN: REPLAY_TOKEN,
  LIVE_PHOTONET_BUSINESS_ID: REPLAY_BUSINESS_ID,
};

export const RECORDED_USER = 'facebookfordevelopers';
/** A personal (or unknown) account: business discovery cannot find it. */
export const PERSONAL_USER = 'someones_personal_account';
/** An account whose lookup the replay answers with Meta's throttling error. */
export const THROTTLED_USER = 'throttled_lookup';

const discovery = (username: string) => ({ fields: discoveryFields(username) });

export const photonetRoutes: ReplayRoute[] = [
  {
    path: discoveryPath(REPLAY_BUSINESS_ID),
    query: discovery(RECORDED_USER),
    file: `${DIR}/business-discovery-user-fields.json`,
  },
  {
    path: discoveryPath(REPLAY_BUSINESS_ID),
    query: discovery(PERSONAL_USER),
    status: 400,
    body: {
      error: {
        message: 'Invalid user id',
        type: 'OAuthException',
        code: 110,
        error_subcode: 2207013,
        is_transient: false,
        error_user_title: 'Cannot find User',
        error_user_msg: `The user with username: ${PERSONAL_USER} cannot be found.`,
        fbtrace_id: 'AreplayTraceId',
      },
    },
  },
  {
    path: discoveryPath(REPLAY_BUSINESS_ID),
    query: discovery(THROTTLED_USER),
    status: 400,
    headers: {
      'x-business-use-case-usage': JSON.stringify({
        [REPLAY_BUSINESS_ID]: [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 5 }],
      }),
    },
    body: {
      error: {
        message: '(#4) Application request limit reached',
        type: 'OAuthException',
        code: 4,
        is_transient: true,
        fbtrace_id: 'AreplayTraceId',
      },
    },
  },
];
