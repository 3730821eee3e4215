import 'server-only';

import { randomBytes } from 'node:crypto';

import { db } from '@/lib/db';
import { sealSecret } from '@/lib/server/auth/secret-box';
import { ConsoleError } from '@/lib/server/console-error';
import {
  MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  SECRET_ROLL_GRACE_PERIODS,
  type SecretRollGrace,
} from '@/lib/validation/webhook-rules';

import { onEmbeddedDefault, webhookUrlProblem } from './endpoint-url';
import { WEBHOOK_SECRET_PURPOSE } from './secret-purpose';
import { webhookEndpointNotFound } from './endpoint-not-found';

// Endpoint management for the console. Every query is scoped to the account that asks: another
// account's endpoint answers exactly like one that never existed (webhookEndpointNotFound).

/** What the console may see of an endpoint: never a secret, sealed or not. */
const endpointSelect = {
  id: true,
  url: true,
  events: true,
  description: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  previousSecretExpiresAt: true,
  createdAt: true,
} as const;

export type WebhookEndpointRecord = {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
};

/** "whsec_" and 32 random bytes, base64url: shown once, stored only sealed. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export async function listWebhookEndpoints({ accountId }: { accountId: string }): Promise<WebhookEndpointRecord[]> {
  return db.webhookEndpoint.findMany({ where: { accountId }, select: endpointSelect, orderBy: { createdAt: 'asc' } });
}

export type CreateWebhookEndpointOptions = {
  accountId: string;
  url: string;
  events: string[];
  description?: string | null;
  /** Whether plain http to loopback is allowed; defaults to whether this process runs on the embedded database. */
  embedded?: boolean;
};

/** Adds an endpoint; its signing secret is returned in plaintext this once. */
export async function createWebhookEndpoint({
  accountId,
  url,
  events,
  description = null,
  embedded = onEmbeddedDefault(),
}: CreateWebhookEndpointOptions): Promise<{ secret: string; record: WebhookEndpointRecord }> {
  const problem = webhookUrlProblem(url, { embedded });
  if (problem) throw new ConsoleError('invalid_input', problem, { field: 'url' });
  if (events.length === 0) throw new ConsoleError('invalid_input', 'Choose at least one event', { field: 'events' });
  const secret = newSigningSecret();
  const record = await db.$transaction(async (tx) => {
    // The account row's lock: two adds at once cannot both pass the count below.
    const [account] = await tx.$queryRaw<{ deleted: boolean }[]>`
      SELECT "deletedAt" IS NOT NULL AS deleted FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
    if (!account || account.deleted) throw webhookEndpointNotFound();
    if ((await tx.webhookEndpoint.count({ where: { accountId } })) >= MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
      throw new ConsoleError(
        'limit_reached',
        `An account can have ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints. Delete one you no longer use to add another.`,
      );
    }
    return tx.webhookEndpoint.create({
      data: {
        accountId,
        url: new URL(url).toString(),
        events: [...new Set(events)],
        description: description || null,
        enabled: true,
        secretSealed: sealSecret(secret, WEBHOOK_SECRET_PURPOSE),
      },
      select: endpointSelect,
    });
  });
  return { secret, record };
}

export type RollWebhookSecretOptions = {
  accountId: string;
  endpointId: string;
  /** How long deliveries are also signed with the old secret. */
  grace: SecretRollGrace;
  /** The clock (tests move it); defaults to now. */
  now?: Date;
};

/**
 * Replaces an endpoint's signing secret: the new one is returned once; the old one keeps signing
 * beside it (a second v1 in the header) until the grace period ends, so a receiver can switch
 * without dropping a delivery. A roll during a grace period ends the earlier old secret at once.
 */
export async function rollWebhookSecret({
  accountId,
  endpointId,
  grace,
  now = new Date(),
}: RollWebhookSecretOptions): Promise<{ secret: string; record: WebhookEndpointRecord }> {
  const graceMs = SECRET_ROLL_GRACE_PERIODS[grace] * 1000;
  const secret = newSigningSecret();
  return db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ secretSealed: string }[]>`
      SELECT "secretSealed" FROM "WebhookEndpoint" WHERE id = ${endpointId} AND "accountId" = ${accountId} FOR UPDATE`;
    if (!current) throw webhookEndpointNotFound();
    const record = await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: {
        secretSealed: sealSecret(secret, WEBHOOK_SECRET_PURPOSE),
        previousSecretSealed: graceMs > 0 ? current.secretSealed : null,
        previousSecretExpiresAt: graceMs > 0 ? new Date(now.getTime() + graceMs) : null,
      },
      select: endpointSelect,
    });
    return { secret, record };
  });
}

/**
 * Turns deliveries to an endpoint off or back on. Enabling also clears the failure record, so an
 * endpoint the worker disabled after three days of failures gets three fresh days.
 */
export async function setWebhookEndpointEnabled({
  accountId,
  endpointId,
  enabled,
}: {
  accountId: string;
  endpointId: string;
  enabled: boolean;
}): Promise<WebhookEndpointRecord> {
  const changed = await db.webhookEndpoint.updateMany({
    where: { id: endpointId, accountId },
    data: enabled
      ? { enabled: true, disabledReason: null, failingSince: null }
      : { enabled: false, disabledReason: 'Disabled in the console' },
  });
  if (changed.count === 0) throw webhookEndpointNotFound();
  return db.webhookEndpoint.findFirstOrThrow({ where: { id: endpointId, accountId }, select: endpointSelect });
}

/** Deletes an endpoint and (by the schema's cascade) its delivery log; queued attempts then find nothing to send. */
export async function deleteWebhookEndpoint({
  accountId,
  endpointId,
}: {
  accountId: string;
  endpointId: string;
}): Promise<WebhookEndpointRecord> {
  const record = await db.webhookEndpoint.findFirst({ where: { id: endpointId, accountId }, select: endpointSelect });
  if (!record) throw webhookEndpointNotFound();
  const deleted = await db.webhookEndpoint.deleteMany({ where: { id: endpointId, accountId } });
  if (deleted.count === 0) throw webhookEndpointNotFound();
  return record;
}
