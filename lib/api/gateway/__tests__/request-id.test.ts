// Request ids are UUIDv7s: the documented shape, time-ordered (the ledger's primary key appends),
// and unique.
import { describe, expect, test } from 'vitest';
import { newRequestId } from '../request-id';

describe('newRequestId', () => {
  test('is req_ and 32 hex digits, a version 7 UUID of the RFC 9562 variant carrying the time', () => {
    const at = Date.UTC(2026, 10, 25, 12, 0, 0, 123);
    const id = newRequestId(at);
    expect(id).toMatch(/^req_[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    expect(parseInt(id.slice(4, 16), 16)).toBe(at);
  });

  test('sorts by time: an id made a millisecond later compares greater', () => {
    const start = Date.UTC(2026, 10, 25);
    const ids = Array.from({ length: 1000 }, (_, i) => newRequestId(start + i));
    expect([...ids].sort()).toEqual(ids);
  });

  test('does not repeat, across refills of its random bytes', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 100_000 }, () => newRequestId(at)));
    expect(ids.size).toBe(100_000);
  });
});
