// Changing the password to the current one is refused, on the new password's field.
import { describe, expect, it } from 'vitest';

import { changePasswordSchema } from '@/lib/validation/account';

describe('changePasswordSchema', () => {
  it('refuses a new password equal to the current one', () => {
    const parsed = changePasswordSchema.safeParse({
      currentPassword: 'correct horse battery staple',
      password: 'correct horse battery staple',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'The new password must differ from the current one'],
    ]);
  });

  it('accepts a different one', () => {
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'correct horse battery staple',
        password: 'another long passphrase',
      }).success,
    ).toBe(true);
  });
});
