// API key management input, shared by the server actions and the forms.
import { z } from 'zod';

export const API_KEY_NAME_MAX_LENGTH = 64;
export const MAX_API_KEYS_PER_ACCOUNT = 10;

export const apiKeyInputSchema = z.object({
  // Empty means "no name"; the table then shows "Untitled".
  name: z
    .string()
    .trim()
    .max(API_KEY_NAME_MAX_LENGTH, `Names are at most ${API_KEY_NAME_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  keyId: z.string().trim().min(1, 'Missing key').max(64, 'Unknown key'),
});

export const createApiKeySchema = apiKeyInputSchema.pick({ name: true });
export const apiKeyIdSchema = apiKeyInputSchema.pick({ keyId: true });

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
