// Checking a platform payload against the adapter's zod schema before mapping it: a payload
// that does not match is a 502 upstream_error with one log line naming the fields, never a crash
// or a record with invented values.
import type { z } from 'zod';
import { ProviderError } from '../../registry/types';

export function parsePayload<T extends z.ZodType>(
  schema: T,
  payload: unknown,
  context: { family: string; what: string; log(message: string): void },
): z.infer<T> {
  const checked = schema.safeParse(payload);
  if (checked.success) return checked.data;
  const fields = checked.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  context.log(
    `live ${context.family}: ${context.what} does not match its schema (upstream_error): ${fields.join('; ')}`,
  );
  throw new ProviderError('upstream_error', `The ${context.family} platform sent a response this service cannot read`);
}
