'use server';

import { revalidatePath } from 'next/cache';

import { createUsageAlert } from '@/lib/server/alerts/create-usage-alert';
import { deleteUsageAlert } from '@/lib/server/alerts/delete-usage-alert';
import { usageAlertSchema } from '@/lib/validation/usage-alerts';

import type { ActionState } from './action-state';
import { failTheRequest, runAction } from './run-action';

const FIELDS = ['keyId', 'metric', 'period', 'basis', 'amount', 'thresholds', 'endpoint'] as const;

/** The alert form, on /billing (the account's) and in a key's menu (the key's). */
export async function createUsageAlertAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(formData.get(f) ?? '')]));
  return runAction({
    name: 'createUsageAlert',
    form: {
      raw: values,
      schema: usageAlertSchema,
      values,
      invalid: 'The alert was not saved. Check the highlighted fields.',
    },
    run: async ({ session, input }) => {
      await createUsageAlert({ accountId: session.accountId, input });
      revalidatePath('/billing');
      return {
        status: 'success',
        message:
          input.basis === 'cap' && !input.endpoint
            ? 'Cap alert saved: its thresholds apply from the next check (every minute).'
            : 'Alert saved. It is checked every minute; each threshold is told once per period.',
      };
    },
  });
}

/** "Remove" on an alert of the list (a cap alert is silenced). */
export async function deleteUsageAlertAction(formData: FormData): Promise<void> {
  await runAction({
    name: 'deleteUsageAlert',
    // The form shows no message: an alert already gone (another tab) leaves the list below to say
    // what is left; anything else, once logged, fails the request.
    failure: failTheRequest,
    run: async ({ session }) => {
      await deleteUsageAlert({ accountId: session.accountId, alertId: String(formData.get('alertId') ?? '') });
      return { status: 'success' };
    },
  });
  revalidatePath('/billing');
}
