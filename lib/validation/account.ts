// Account self-service input (password reset, settings). Forms and actions share these.
import { z } from 'zod';

import { emailSchema, newPasswordSchema, PASSWORD_MAX_LENGTH } from './auth';

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** A new verification link for a sign-up: asked for by address, like a password reset. */
export const resendVerificationSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'This link is incomplete'),
  password: newPasswordSchema,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    password: newPasswordSchema,
  })
  .refine((v) => v.password !== v.currentPassword, {
    path: ['password'],
    message: 'The new password must differ from the current one',
  });

/** The current password is required of users who have one; the action knows which (OAuth-only users have none). */
export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, 'The current password is not right').default(''),
});

/** The form behind a recovery link (sendEmailChangeNotice): a new password, as for a reset. */
export const secureAccountSchema = resetPasswordSchema;

export const DELETE_CONFIRMATION = 'delete my account';

export const deleteAccountSchema = z.object({
  confirmation: z
    .string()
    .refine((v) => v.trim().toLowerCase() === DELETE_CONFIRMATION, `Type "${DELETE_CONFIRMATION}" to confirm`),
});
