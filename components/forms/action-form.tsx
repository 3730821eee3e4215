'use client';

import Link from 'next/link';
import { useActionState, useEffect, useRef, type ReactNode } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';

type ActionFormField = {
  name: string;
  label: string;
  type?: 'email' | 'password' | 'text';
  autoComplete?: string;
  hint?: string;
};

export type ActionFormProps = {
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>;
  fields: ActionFormField[];
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  /** Shown instead of the form once the action succeeds (e.g. "check your inbox"). */
  doneReplacesForm?: boolean;
  /**
   * Sends the form once as soon as the page has loaded (a mailed link that should take one step):
   * the GET itself changes nothing, so a mail scanner that fetches the link without running the
   * page's script does not use it up. The button stays for a browser without script.
   */
  autoSubmit?: boolean;
  children?: ReactNode;
};

/**
 * A small form over a server action: every field's error at once, focus on the first invalid
 * field, the outcome announced in one polite live region, the button disabled while pending.
 */
export function ActionForm({
  action,
  fields,
  hidden,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  doneReplacesForm = false,
  autoSubmit = false,
  children,
}: ActionFormProps) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    formRef.current?.requestSubmit();
  }, [autoSubmit]);
  useEffect(() => {
    if (state.status !== 'error' || !state.fieldErrors) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  const done = doneReplacesForm && state.status === 'success';
  return (
    <form ref={formRef} action={formAction} className="flex flex-col gap-4" noValidate>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {done
        ? null
        : fields.map((field) => (
            <Input
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              hint={state.fieldErrors?.[field.name]?.length ? undefined : field.hint}
              defaultValue={field.type === 'password' ? undefined : (state.values?.[field.name] ?? '')}
              errors={state.fieldErrors?.[field.name]}
            />
          ))}
      {children}
      {done ? null : (
        <SubmitButton pending={pending} pendingLabel={pendingLabel} variant={variant}>
          {submitLabel}
        </SubmitButton>
      )}
      <div aria-live="polite" role="status" className="min-h-6 text-sm">
        {state.message ? (
          <p className={state.status === 'error' ? 'text-danger' : 'text-success'}>{state.message}</p>
        ) : null}
      </div>
      {state.link ? (
        <Link href={state.link.href} className="self-start text-sm font-medium underline">
          {state.link.label}
        </Link>
      ) : null}
    </form>
  );
}
