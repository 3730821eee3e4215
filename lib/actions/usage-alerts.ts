'use server';

import { revalidatePath } from 'next/cache';

import { requireSession } from '@/lib/auth/require-session';
import { ConsoleError } from '@/lib/server/console-error';
import { createUsageAlert } from '@/lib/server/alerts/create-usage-alert';
import { deleteUsageAlert } from '@/lib/server/alerts/delete-usage-alert';
import { usageAlertSchema } from '@/lib/validation/usage-alerts';

import { fieldErrorsFrom, type ActionState } from './action-state';

const FIELDS = ['keyId', 'metric', 'period', 'basis', 'amount', 'thresholds', 'endpoint'] as const;

/** The alert form, on /billing (the account's) and in a key's menu (the key's). */
export async function createUsageAlertAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const { accountId } = await requireSession();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(formData.get(f) ?? '')]));
  const parsed = usageAlertSchema.safeParse(values);
  if (!parsed.success) {
    return {
      status: 'error',
      message: 'The alert was not saved. Check the highlighted fields.',
      fieldErrors: fieldErrorsFrom(parsed.error.issues),
      values,
    };
  }
  try {
    await createUsageAlert({ accountId, input: parsed.data });
  } catch (error) {
    if (error instanceof ConsoleError) return { status: 'error', message: error.message, values };
    throw error;
  }
  revalidatePath('/billing');
  return {
    status: 'success',
    message:
      parsed.data.basis === 'cap' && !parsed.data.endpoint
        ? 'Cap alert saved: its thresholds apply from the next check (every minute).'
        : 'Alert saved. It is checked every minute; each threshold is told once per period.',
  };
}

/** "Remove" on an alert of the list (a cap alert is silenced). */
export async function deleteUsageAlertAction(formData: FormData): Promise<void> {
  const { accountId } = await requireSession();
  try {
    await deleteUsageAlert({ accountId, alertId: String(formData.get('alertId') ?? '') });
  } catch (error) {
    // Already gone (another tab): the list below shows what is left.
    if (!(error instanceof ConsoleError)) throw error;
  }
  revalidatePath('/billing');
}
