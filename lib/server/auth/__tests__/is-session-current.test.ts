import { describe, expect, test } from 'vitest';
import { isSessionCurrent } from '../is-session-current';

describe('isSessionCurrent', () => {
  const signOut = new Date('2026-11-22T12:00:00.000Z');
  test('accepts any session of a user who never signed out', () => {
    expect(isSessionCurrent(undefined, null)).toBe(true);
    expect(isSessionCurrent(1, null)).toBe(true);
  });
  test('refuses a session signed in before the last sign-out', () => {
    expect(isSessionCurrent(signOut.getTime() - 1, signOut)).toBe(false);
  });
  test('refuses a session that does not say when it was signed in, once the user has signed out', () => {
    expect(isSessionCurrent(undefined, signOut)).toBe(false);
  });
  test('accepts a session signed in after the last sign-out', () => {
    expect(isSessionCurrent(signOut.getTime() + 1, signOut)).toBe(true);
  });
  test('keeps the one session that ended the others, and no other signed in before', () => {
    expect(isSessionCurrent(signOut.getTime() - 1, signOut, 'kept', 'kept')).toBe(true);
    expect(isSessionCurrent(signOut.getTime() - 1, signOut, 'other', 'kept')).toBe(false);
    expect(isSessionCurrent(signOut.getTime() - 1, signOut, undefined, 'kept')).toBe(false);
    expect(isSessionCurrent(signOut.getTime() - 1, signOut, 'kept', null)).toBe(false);
  });
});
