'use client';

import { useActionState, useEffect } from 'react';

import { useKeyStatus } from '@/components/keys/key-status';
import { scopesInWords } from '@/components/keys/key-scopes-in-words';
import { microsToDollarInput } from '@/lib/money';
import { SubmitButton } from '@/components/forms/submit-button';
import { UsageAlertForm } from '@/components/billing/usage-alert-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { setApiKeyExpiryAction, setApiKeyLimitAction } from '@/lib/actions/api-keys';
import type { ActionState } from '@/lib/actions/action-state';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

const idle: ActionState = { status: 'idle' };

export type KeyMenuDialogProps = { apiKey: ApiKeyRecord | null; label: string; open: boolean; onClose: () => void };

/** A key's settings: its restriction (set at creation), its expiry date, its monthly limit and its alerts. */
export function KeyMenuDialog({ apiKey, label, open, onClose }: KeyMenuDialogProps) {
  const [expiryState, expiryAction, savingExpiry] = useActionState(setApiKeyExpiryAction, idle);
  const [limitState, limitAction, savingLimit] = useActionState(setApiKeyLimitAction, idle);
  const { announce } = useKeyStatus();

  useEffect(() => {
    if (expiryState.status === 'success' && expiryState.message) {
      announce({ tone: 'success', text: expiryState.message });
      onClose();
    }
  }, [expiryState, announce, onClose]);
  useEffect(() => {
    if (limitState.status === 'success' && limitState.message) {
      announce({ tone: 'success', text: limitState.message });
      onClose();
    }
  }, [limitState, announce, onClose]);

  const expiresOn = apiKey?.expiresAt ? apiKey.expiresAt.toISOString().slice(0, 10) : '';
  const limit = microsToDollarInput(apiKey?.monthlyLimitMicros ?? null);
  const formError = [expiryState, limitState].find((s) => s.status === 'error' && !s.fieldErrors)?.message;

  return (
    <Dialog open={open} onClose={onClose} title={`Manage ${label}`}>
      {apiKey ? (
        <div className="flex flex-col gap-5">
          <p className="text-sm" data-testid="key-menu-restriction">
            <span className="font-medium">Restriction: </span>
            {apiKey.scopes.length ? `only ${scopesInWords(apiKey.scopes)}` : 'none (every endpoint)'}.
            <span className="text-muted"> Set when a key is created.</span>
          </p>
          <form
            key={`expiry-${apiKey.id}-${expiresOn}`}
            action={expiryAction}
            className="flex flex-col gap-2"
            noValidate
          >
            <input type="hidden" name="keyId" value={apiKey.id} />
            <Input
              label="Expires on"
              hint="00:00 UTC on this date. Leave blank for no expiry."
              name="expiresOn"
              type="date"
              defaultValue={expiryState.status === 'error' ? (expiryState.values?.expiresOn ?? expiresOn) : expiresOn}
              errors={expiryState.fieldErrors?.expiresOn}
            />
            <SubmitButton
              pending={savingExpiry}
              pendingLabel="Saving…"
              variant="secondary"
              size="sm"
              className="self-end"
            >
              Save expiry
            </SubmitButton>
          </form>
          <form key={`limit-${apiKey.id}-${limit}`} action={limitAction} className="flex flex-col gap-2" noValidate>
            <input type="hidden" name="keyId" value={apiKey.id} />
            <Input
              label="Monthly limit in dollars"
              hint="What this key may spend in a UTC month. Leave blank for no limit of its own."
              name="monthlyLimit"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={limitState.status === 'error' ? (limitState.values?.monthlyLimit ?? limit) : limit}
              errors={limitState.fieldErrors?.monthlyLimit}
            />
            <SubmitButton
              pending={savingLimit}
              pendingLabel="Saving…"
              variant="secondary"
              size="sm"
              className="self-end"
            >
              Save limit
            </SubmitButton>
          </form>
          <p aria-live="polite" className="min-h-5 text-sm text-danger">
            {formError ?? ''}
          </p>
          <section aria-labelledby={`alerts-${apiKey.id}`} className="flex flex-col gap-2 border-t border-border pt-4">
            <h3 id={`alerts-${apiKey.id}`} className="text-sm font-semibold">
              Alert on this key&apos;s usage
            </h3>
            <p className="text-sm text-muted">
              Counts the key&apos;s calls (and its rolled successors&apos;). Your alerts are listed on{' '}
              <a className="underline" href="/billing#alerts-heading">
                Billing
              </a>
              .
            </p>
            <UsageAlertForm key={`alert-${apiKey.id}`} keyId={apiKey.id} />
          </section>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
