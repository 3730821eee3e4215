// The gateway skips holdCall for callers whose calls hold nothing (callsHold): for every mix of
// the account's and key's settings, callsHold must say false exactly when holdCall would hold
// nothing and ask the database nothing, or a capped, prepaid or free-tier call would go unheld.
import type pg from 'pg';
import { describe, expect, test } from 'vitest';
import type { Caller } from '../auth-directory';
import { callsHold, holdCall, NO_HOLD } from '../hold-call';
import { findEndpoint } from '../../registry';

const flags = [
  'hasPaymentMethod',
  'billingByInvoice',
  'prepaid',
  'emailUnverified',
  'daily',
  'monthly',
  'key',
] as const;

function callerWith(on: ReadonlySet<(typeof flags)[number]>): Caller {
  return {
    key: {
      keyId: 'k',
      accountId: 'a',
      status: 'active',
      name: null,
      prefix: 'ak_live_x',
      last4: 'abcd',
      expiresAt: null,
      scopes: [],
      monthlyLimitMicros: on.has('key') ? 1_000_000 : null,
    },
    account: {
      blocked: false,
      hasPaymentMethod: on.has('hasPaymentMethod'),
      billingByInvoice: on.has('billingByInvoice'),
      emailUnverified: on.has('emailUnverified'),
      dailyCapMicros: on.has('daily') ? 1_000_000 : null,
      monthlyCapMicros: on.has('monthly') ? 5_000_000 : null,
      prepaid: on.has('prepaid'),
    },
  };
}

describe('callsHold', () => {
  test('is false exactly when holdCall holds nothing without asking the database', async () => {
    const endpoint = findEndpoint('/v1/socialnet/locations')!;
    for (let mask = 0; mask < 2 ** flags.length; mask++) {
      const on = new Set(flags.filter((_, i) => mask & (1 << i)));
      const caller = callerWith(on);
      let asked = false;
      const pool = {
        query: () => {
          asked = true;
          return Promise.reject(new Error('asked the database'));
        },
      } as unknown as pg.Pool;
      const held = await holdCall(pool, {
        requestId: 'r',
        caller,
        endpoint,
        month: '2026-11',
        at: new Date('2026-11-29T00:00:00Z'),
        leaseMs: 60_000,
        wanted: 1,
        sentiment: false,
      }).catch(() => 'asked' as const);
      const holdsNothing = held === NO_HOLD && !asked;
      expect({ settings: [...on], callsHold: callsHold(caller) }).toEqual({
        settings: [...on],
        callsHold: !holdsNothing,
      });
    }
  });
});
