// The webhook events. The console's event
// picker and the endpoint forms read this list; emitEvent takes one of these types.

export const EVENT_TYPES = [
  'usage.threshold_reached',
  'spend_cap.reached',
  'key.created',
  'key.revoked',
  'key.re_enabled',
  'key.deleted',
  'key.rolled',
  'key.expiring',
  'key.expired',
  'invoice.created',
  'invoice.paid',
  'invoice.payment_failed',
  'account.blocked',
  'account.unblocked',
] as const;

/** Sent only by "Send test event", to one endpoint, whatever it subscribes to. */
export const TEST_EVENT_TYPE = 'test.ping';

export type SubscribableEventType = (typeof EVENT_TYPES)[number];
export type EventType = SubscribableEventType | typeof TEST_EVENT_TYPE;
