import 'server-only';

import { db } from '@/lib/db';
import type { ApiKeyEventType, ApiKeyStatus } from '@/lib/generated/prisma/client';
import { emitEvent } from '@/lib/server/events/emit-event';
import type { EventType } from '@/lib/server/events/event-types';
import { ConsoleError } from '@/lib/server/console-error';

import { apiKeyNotFound } from './api-key-not-found';
import { apiKeyPublicSelect, type ApiKeyRecord, type KeyActor } from './api-key-select';
import { actorEventData, keyEventData } from './key-event-data';

// The webhook event each status change sends (docs/webhooks.md).
const keyWebhookEventType: Partial<Record<ApiKeyEventType, EventType>> = {
  revoked: 'key.revoked',
  reenabled: 'key.re_enabled',
  deleted: 'key.deleted',
};

// One transition of the spec's table ("States and transitions → API key").
type ApiKeyTransition = {
  from: ApiKeyStatus[];
  to: ApiKeyStatus;
  event: ApiKeyEventType;
  /** Message when the key exists but is in a state the transition does not start from. */
  refusal: Partial<Record<ApiKeyStatus, string>>;
};

export type ChangeApiKeyStatusOptions = {
  accountId: string;
  keyId: string;
  actor: KeyActor;
  transition: ApiKeyTransition;
};

/**
 * Moves a key of the account along one transition and records the event, atomically. The
 * conditional update is the guard: two concurrent revokes cannot both succeed.
 */
export async function changeApiKeyStatus({
  accountId,
  keyId,
  actor,
  transition,
}: ChangeApiKeyStatusOptions): Promise<ApiKeyRecord> {
  const now = new Date();
  const timestamps =
    transition.to === 'revoked'
      ? { revokedAt: now }
      : transition.to === 'deleted'
        ? { deletedAt: now }
        : { revokedAt: null };

  return db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: keyId, accountId, status: { in: transition.from } },
      data: { status: transition.to, ...timestamps },
    });
    if (count === 0) {
      const current = await tx.apiKey.findFirst({
        where: { id: keyId, accountId, status: { not: 'deleted' } },
        select: { status: true },
      });
      if (!current) throw apiKeyNotFound();
      throw new ConsoleError(
        'invalid_transition',
        transition.refusal[current.status] ?? `This key cannot be changed while ${current.status}`,
      );
    }
    await tx.apiKeyEvent.create({
      data: {
        accountId,
        apiKeyId: keyId,
        type: transition.event,
        actorId: actor.id,
        actorLabel: actor.label,
      },
    });
    const record = await tx.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: apiKeyPublicSelect });
    const type = keyWebhookEventType[transition.event];
    if (type)
      await emitEvent({ accountId, type, data: { key: keyEventData(record), actor: actorEventData(actor) }, tx });
    return record;
  });
}
