'use client';

import { useActionState, useEffect, useRef, useState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { LiveRegion } from '@/components/ui/live-region';
import { WebhookSecretPanel } from '@/components/webhooks/webhook-secret-panel';
import { createWebhookEndpointAction } from '@/lib/actions/webhooks';
import type { ActionState } from '@/lib/actions/action-state';
import {
  MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_HELP,
} from '@/lib/validation/webhook-rules';

/** The add form: a URL, an optional description and the events; the new secret is shown once below it. */
export function AddWebhookEndpointForm({ endpointCount, httpHint }: { endpointCount: number; httpHint: boolean }) {
  const [state, formAction, pending] = useActionState(createWebhookEndpointAction, { status: 'idle' } as ActionState);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const secret = state.createdKey && state.createdKey !== dismissed ? state.createdKey : null;
  const full = endpointCount >= MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT;
  const refused = state.status === 'error';
  const chosen = new Set(refused ? (state.values?.events ?? '').split(',') : []);

  useEffect(() => {
    if (state.status === 'error' && state.fieldErrors) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
    if (state.status === 'success') formRef.current?.reset();
  }, [state]);

  return (
    <div className="flex flex-col gap-3">
      <form ref={formRef} action={formAction} className="flex flex-col gap-3" noValidate>
        <Input
          label="Endpoint URL"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/webhooks/public-data"
          hint={
            httpHint
              ? 'An https URL. On this development machine, plain http to localhost or 127.0.0.1 works too.'
              : 'An https URL that answers 2xx within 10 seconds.'
          }
          defaultValue={refused ? (state.values?.url ?? '') : ''}
          errors={state.fieldErrors?.url}
        />
        <Input
          label="Description (optional)"
          name="description"
          autoComplete="off"
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          defaultValue={refused ? (state.values?.description ?? '') : ''}
          errors={state.fieldErrors?.description}
        />
        <fieldset
          className="flex flex-col gap-3 rounded-md border border-border p-3"
          aria-describedby={state.fieldErrors?.events ? 'webhook-events-error' : undefined}
        >
          <legend className="px-1 text-sm font-medium">Events to send</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {WEBHOOK_EVENT_GROUPS.map((group) => (
              <div key={group.title} className="flex flex-col gap-1">
                <p className="text-sm font-semibold">{group.title}</p>
                {group.events.map((type) => (
                  <label key={type} className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="events"
                      value={type}
                      defaultChecked={chosen.has(type)}
                      aria-invalid={state.fieldErrors?.events ? true : undefined}
                      className="mt-0.5 size-4 shrink-0"
                    />
                    <span>
                      <span className="font-mono text-xs">{type}</span>
                      <span className="block text-muted">{WEBHOOK_EVENT_HELP[type]}</span>
                    </span>
                  </label>
                ))}
              </div>
            ))}
          </div>
          {state.fieldErrors?.events ? (
            <p id="webhook-events-error" className="text-sm text-danger">
              {state.fieldErrors.events.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            pending={pending}
            pendingLabel="Adding…"
            disabled={pending || full}
            aria-describedby={full ? 'webhook-limit' : undefined}
          >
            Add endpoint
          </SubmitButton>
          {full ? (
            <p id="webhook-limit" className="text-sm text-muted">
              You have {MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints, the most an account can have.
            </p>
          ) : null}
        </div>
        <LiveRegion tone={state.status === 'error' ? 'error' : 'success'}>{state.message}</LiveRegion>
      </form>
      {secret ? <WebhookSecretPanel secret={secret} onDismiss={() => setDismissed(secret)} /> : null}
    </div>
  );
}
