// Webhook endpoint limits and choices the forms show. No zod here: client components import this,
// and the schemas that enforce them (webhooks.ts) stay on the server.
import { EVENT_TYPES, type SubscribableEventType } from '@/lib/server/events/event-types';

import { ROLL_GRACE_LABELS, ROLL_GRACE_PERIODS, type RollGrace } from './api-key-rules';

export const MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 100;

/** A signing secret's old value keeps verifying for the same choices as a rolled key. */
export const SECRET_ROLL_GRACE_PERIODS = ROLL_GRACE_PERIODS;
export type SecretRollGrace = RollGrace;
export const SECRET_ROLL_GRACE_LABELS: Record<SecretRollGrace, string> = {
  ...ROLL_GRACE_LABELS,
  now: 'Now (the old secret stops at once)',
};

/** What each event means, in the add form's words (a Record: a new event type without words fails to type-check). */
export const WEBHOOK_EVENT_HELP: Record<SubscribableEventType, string> = {
  'usage.threshold_reached': 'An alert’s threshold was crossed',
  'spend_cap.reached': 'A spending cap stopped calls',
  'key.created': 'A key was created',
  'key.rolled': 'A key was rolled',
  'key.revoked': 'A key was revoked',
  'key.re_enabled': 'A revoked key was re-enabled',
  'key.deleted': 'A key was deleted',
  'key.expiring': 'A key ends in 7 days, then in 1 day',
  'key.expired': 'A key reached its end',
  'invoice.created': 'A month’s invoice was issued',
  'invoice.paid': 'An invoice was paid',
  'invoice.payment_failed': 'A payment failed',
  'account.blocked': 'Calls are refused until something is settled',
  'account.unblocked': 'Calls work again',
};

const GROUP_TITLES: Record<string, string> = {
  usage: 'Usage and spend',
  spend_cap: 'Usage and spend',
  key: 'API keys',
  invoice: 'Invoices',
  account: 'Account',
};

/** The form's groups of checkboxes, in EVENT_TYPES order (test.ping is not subscribable: "Send test event" sends it). */
export const WEBHOOK_EVENT_GROUPS: { title: string; events: SubscribableEventType[] }[] = EVENT_TYPES.reduce(
  (groups, type) => {
    const title = GROUP_TITLES[type.slice(0, type.indexOf('.'))] ?? 'Other';
    const group = groups.find((g) => g.title === title);
    if (group) group.events.push(type);
    else groups.push({ title, events: [type] });
    return groups;
  },
  [] as { title: string; events: SubscribableEventType[] }[],
);
