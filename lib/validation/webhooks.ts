// Webhook endpoint input, shared by the server actions and the tests.
import { z } from 'zod';

import { EVENT_TYPES } from '@/lib/server/events/event-types';

import {
  SECRET_ROLL_GRACE_PERIODS,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type SecretRollGrace,
} from './webhook-rules';

const endpointId = z.string().trim().min(1, 'Missing endpoint').max(64, 'Unknown endpoint');

export const createWebhookEndpointSchema = z.object({
  // Whether the address is allowed (https, loopback http on a developer machine) is the server's
  // rule (lib/server/webhooks/endpoint-url.ts), so the form and a test meet the same one.
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL we should send events to')
    .max(WEBHOOK_URL_MAX_LENGTH, `URLs are at most ${WEBHOOK_URL_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, `Descriptions are at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`)
    .default('')
    .transform((v) => v || null),
  events: z.array(z.enum(EVENT_TYPES, 'Unknown event')).min(1, 'Choose at least one event'),
});

export const webhookEndpointIdSchema = z.object({ endpointId });

export const rollWebhookSecretSchema = z.object({
  endpointId,
  grace: z.enum(
    Object.keys(SECRET_ROLL_GRACE_PERIODS) as [SecretRollGrace, ...SecretRollGrace[]],
    'Choose when the old secret stops working',
  ),
});

export const webhookDeliveryIdSchema = z.object({
  deliveryId: z.string().trim().min(1, 'Missing delivery').max(64, 'Unknown delivery'),
});
