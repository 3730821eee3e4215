// Account self-service input (password reset, settings). Forms and actions share these.
import { z } from 'zod';

import { emailSchema, newPasswordSchema } from './auth';

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'This link is incomplete'),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  password: newPasswordSchema,
});

export const changeEmailSchema = z.object({ email: emailSchema });

export const DELETE_CONFIRMATION = 'delete my account';

export const deleteAccountSchema = z.object({
  confirmation: z.string().refine((v) => v.trim().toLowerCase() === DELETE_CONFIRMATION, `Type "${DELETE_CONFIRMATION}" to confirm`),
});
