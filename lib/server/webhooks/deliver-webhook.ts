import 'server-only';

import { db } from '@/lib/db';
import { openSecret } from '@/lib/server/auth/secret-box';
import { deliverMail } from '@/lib/server/mail/send-mail';

import {
  AddressRefusedError,
  type AddressPolicy,
  defaultAddressPolicy,
  type Resolver,
  resolveDeliveryTarget,
} from './address-rules';
import { disableFailingEndpoint } from './disable-failing-endpoint';
import { type PostOutcome, postWebhook } from './post-webhook';
import { queueWebhookAttempts, type WebhookAttemptJob } from './queue-webhook-attempt';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './retry-schedule';
import { WEBHOOK_SECRET_PURPOSE } from './secret-purpose';
import { SIGNATURE_HEADER, signWebhookBody } from './sign-webhook';
import { webhookPayload } from './webhook-payload';

export type DeliverOptions = {
  /** The clock (tests move it); defaults to the system's. */
  now?: () => Date;
  policy?: AddressPolicy;
  resolve?: Resolver;
  timeoutMs?: number;
};

export type AttemptResult = 'succeeded' | 'failed' | 'skipped';

/** The secrets that sign now: the current one, and the previous one during a roll's grace period. */
function signingSecrets(
  endpoint: { secretSealed: string; previousSecretSealed: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const sealed = [endpoint.secretSealed];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    sealed.push(endpoint.previousSecretSealed);
  return sealed.map((s) => openSecret(s, WEBHOOK_SECRET_PURPOSE)).filter((s): s is string => s !== null);
}

/**
 * Makes one delivery attempt (the worker's deliver_webhook job) and records it in the delivery
 * log. A failure queues the next attempt (retry-schedule.ts) in the same transaction; three days
 * of failures disable the endpoint and mail its owner. A job run twice (the worker retries a job
 * that crashed) makes its attempt once; at worst the receiver gets one more copy (at-least-once).
 */
export async function deliverWebhookAttempt(
  job: WebhookAttemptJob,
  options: DeliverOptions = {},
): Promise<AttemptResult> {
  const clock = options.now ?? (() => new Date());
  const done = await db.webhookDelivery.findFirst({
    where: { eventId: job.eventId, endpointId: job.endpointId, attempt: job.attempt },
    select: { id: true },
  });
  if (done) return 'skipped';
  const [endpoint, event] = await Promise.all([
    db.webhookEndpoint.findUnique({ where: { id: job.endpointId } }),
    db.webhookEvent.findUnique({ where: { id: job.eventId } }),
  ]);
  // Deleted, disabled since it was queued, or (never by our own code) another account's event.
  if (!endpoint || !event || !endpoint.enabled || endpoint.accountId !== event.accountId) return 'skipped';

  const attemptedAt = clock();
  const body = webhookPayload(event);
  const secrets = signingSecrets(endpoint, attemptedAt);
  let outcome: PostOutcome;
  if (secrets.length === 0) {
    outcome = {
      status: null,
      durationMs: 0,
      responseSnippet: null,
      error: 'the signing secret cannot be read (AUTH_SECRET changed?): roll it',
    };
  } else {
    try {
      const target = await resolveDeliveryTarget(
        endpoint.url,
        options.policy ?? defaultAddressPolicy(),
        options.resolve,
      );
      outcome = await postWebhook(
        target,
        body,
        {
          [SIGNATURE_HEADER]: signWebhookBody(body, secrets, Math.floor(attemptedAt.getTime() / 1000)),
          'Webhook-Event-Id': event.id,
          'Webhook-Event-Type': event.type,
          'Webhook-Attempt': String(job.attempt),
        },
        options.timeoutMs,
      );
    } catch (error) {
      if (!(error instanceof AddressRefusedError)) throw error;
      outcome = { status: null, durationMs: 0, responseSnippet: null, error: `refused: ${error.message}` };
    }
  }
  const succeeded = outcome.error === null && outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

  const mailIds = await db.$transaction(async (tx) => {
    let next: Date | null = null;
    let mail: string[] = [];
    if (succeeded) {
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: null } });
    } else {
      const [row] = await tx.$queryRaw<{ failingSince: Date }[]>`
        UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${attemptedAt})
        WHERE id = ${endpoint.id} RETURNING "failingSince"`;
      const failingSince = row?.failingSince ?? attemptedAt;
      if (attemptedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
        mail = await disableFailingEndpoint(tx, endpoint, failingSince);
      } else if (job.retries) {
        next = nextAttemptAt(job.attempt, attemptedAt, event.createdAt);
      }
    }
    await tx.webhookDelivery.create({
      data: {
        eventId: event.id,
        endpointId: endpoint.id,
        attempt: job.attempt,
        status: outcome.status,
        durationMs: outcome.durationMs,
        responseSnippet: outcome.responseSnippet,
        error: succeeded ? null : (outcome.error ?? `answered ${outcome.status}`),
        createdAt: attemptedAt,
        succeededAt: succeeded ? attemptedAt : null,
        nextAttemptAt: next,
      },
    });
    if (next) await queueWebhookAttempts(tx, [{ ...job, attempt: job.attempt + 1 }], next);
    return mail;
  });
  await deliverMail(mailIds);
  return succeeded ? 'succeeded' : 'failed';
}
