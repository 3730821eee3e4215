// Sign-up and sign-in input. The forms and the server actions share these schemas.
import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Email addresses are at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const newPasswordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

const credentialsSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
});

export const signUpSchema = credentialsSchema;

// Sign-in does not enforce the new-password rules: a wrong password should answer
// "Incorrect email or password", not a length hint.
export const signInSchema = credentialsSchema.extend({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, 'Incorrect email or password'),
});
