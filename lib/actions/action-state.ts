// The state every console form's server action returns to useActionState.
export type ActionState<Values extends Record<string, string> = Record<string, string>> = {
  status: 'idle' | 'success' | 'error';
  message?: string;
  fieldErrors?: Partial<Record<keyof Values & string, string[]>>;
  /** What the user typed, to refill the form after an error (never a password). */
  values?: Partial<Values>;
  /** The plaintext of a key just created: shown once, never stored. */
  createdKey?: string;
  /** A webhook delivery attempt just queued: the delivery log waits for its row (components/webhooks/delivery-log.tsx). */
  queued?: { eventId: string; attempt: number };
  /** A sign-in refused because this address is not verified yet: the form offers a new link to it. */
  resendVerificationTo?: string;
  /** Where to go to do what the message asks (e.g. the billing page to settle an invoice). */
  link?: { href: string; label: string };
};

export const idleState: ActionState = { status: 'idle' };

/** Every field's messages from a zod error, keyed by top-level field name. */
export function fieldErrorsFrom(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
