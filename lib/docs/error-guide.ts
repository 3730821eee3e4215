// What each API error code means and whether a client should retry it: the reference's errors
// table. Statuses come from the one table (lib/api/errors.ts); a code missing here fails a test.
import type { ErrorCode } from '@/lib/api/errors';

export const errorGuide: Record<ErrorCode, { when: string; retry: boolean }> = {
  invalid_body: { when: 'The batch body is not JSON of the documented shape, or holds over 100 calls.', retry: false },
  invalid_parameter: {
    when: 'A value breaks a rule, or a parameter is unknown or repeated. `error` names every offending parameter and the rule.',
    retry: false,
  },
  missing_parameter: { when: 'A required parameter is absent or blank.', retry: false },
  missing_api_key: { when: 'No X-API-Key header (a key sent as Authorization: Bearer is not read).', retry: false },
  invalid_api_key: { when: 'The key is unknown, malformed or deleted.', retry: false },
  revoked_api_key: { when: 'The key was revoked in the console.', retry: false },
  expired_api_key: {
    when: 'The key passed its expiry date, or was rolled and its grace period ended: use the new key.',
    retry: false,
  },
  key_not_permitted: {
    when: 'The key is restricted to some families or endpoints and this is not one of them; `error` names what it allows. Not billed.',
    retry: false,
  },
  key_limit_exceeded: {
    when: 'The call could take this key past its own monthly spend limit (Retry-After: next UTC month).',
    retry: false,
  },
  payment_required: {
    when: "The endpoint's free units are used up this month and the account has no payment method.",
    retry: false,
  },
  insufficient_credits: {
    when: "A prepaid account's credit balance (less what its calls in flight hold) cannot cover the call's largest possible cost; the message names the balance and the billing page, where credits are bought. Not billed.",
    retry: false,
  },
  account_blocked: {
    when: 'The account is blocked (a failed or overdue payment, a lost dispute); the message says why, the amount due and where to settle it.',
    retry: false,
  },
  private_account: { when: "The platform hides this private account's lists.", retry: false },
  limited_account: { when: "The platform limits this account's lists.", retry: false },
  not_found: { when: 'Unknown user, item, seller or community; a private or banned community.', retry: false },
  channel_not_found: { when: 'Unknown video channel.', retry: false },
  endpoint_not_found: { when: 'No endpoint at this path.', retry: false },
  method_not_allowed: { when: 'Wrong HTTP method; the Allow header names the right one.', retry: false },
  payload_too_large: { when: 'The batch body is over 1 MB.', retry: false },
  concurrency_limit_exceeded: {
    when: "Too many simultaneous calls to one endpoint from the account, or from one address through the console, or (without a payment method) the free units left are all held by the account's calls in flight.",
    retry: true,
  },
  daily_limit_exceeded: {
    when: 'The call could take the account past its daily spending cap (Retry-After: next UTC day).',
    retry: false,
  },
  monthly_limit_exceeded: { when: 'The call could take the account past its monthly spending cap.', retry: false },
  upstream_rate_limit: { when: 'The platform is limiting calls.', retry: true },
  internal_error: { when: 'Our failure; quote X-Request-Id to support.', retry: true },
  upstream_error: { when: 'The platform failed.', retry: true },
  service_unavailable: { when: 'Our database is briefly unreachable; nothing was served or billed.', retry: true },
  upstream_timeout: { when: 'The platform was too slow.', retry: true },
};
