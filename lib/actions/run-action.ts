// What every console server action does around its own work, in one place: the session check,
// the form read through its zod schema (every field's problem at once), the use case's refusals
// (ConsoleError: on the field it names, else as the form's message), and the unexpected failure,
// logged with the request id and answered with generic text, never the error's own.
import 'server-only';

import { unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';

import { requireSession, type ConsoleSession } from '@/lib/auth/require-session';
import { logConsoleError } from '@/lib/observability/console-log';
import { ConsoleError } from '@/lib/server/console-error';

import { fieldErrorsFrom, type ActionState } from './action-state';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** A form's input: what it sent, the schema that reads it, and what to answer when it does not parse. */
type ActionForm<T> = {
  raw: unknown;
  schema: { safeParse(raw: unknown): z.ZodSafeParseResult<T> };
  /** What the user typed, given back with every error to refill the form (never a password). */
  values?: Record<string, string>;
  /** The message above the marked fields; or the whole answer, where a bad field means something else (an unknown id). */
  invalid: string | ((fieldErrors: Record<string, string[]>) => ActionState);
};

type ActionOptions<T> = {
  /** Names the action in the log. */
  name: string;
  form?: ActionForm<T>;
  /** The message above a field a use case refused; by default the form's `invalid` message, else the refusal's own. */
  refused?: string | ((error: ConsoleError) => string);
  /**
   * What an unexpected failure answers once logged: a message, or a function that throws instead (a
   * redirect; or the error itself, for a form without a message area, so that Next shows its error page).
   */
  failure?: string | ((error: unknown) => never);
};

/** The `failure` of an action whose form has no message area: the error, once logged, fails the request (Next's error page). */
export function failTheRequest(error: unknown): never {
  throw error;
}

type SignedInAction<T, S> = ActionOptions<T> & { run: (context: { session: ConsoleSession; input: T }) => Promise<S> };
type PublicAction<T, S> = ActionOptions<T> & { run: (context: { input: T }) => Promise<S> };

/** A signed-in visitor's action: signed-out visitors are sent to sign in (requireSession) before anything runs. */
export async function runAction<S extends ActionState, T = undefined>(
  options: SignedInAction<T, S>,
): Promise<S | ActionState> {
  const session = await requireSession();
  return answer(options, (input) => options.run({ session, input }));
}

/** An action of the signed-out pages (sign-in, sign-up, password reset): no session to check. */
export async function runPublicAction<S extends ActionState, T = undefined>(
  options: PublicAction<T, S>,
): Promise<S | ActionState> {
  return answer(options, (input) => options.run({ input }));
}

async function answer<S extends ActionState, T>(
  options: ActionOptions<T>,
  run: (input: T) => Promise<S>,
): Promise<S | ActionState> {
  const { form } = options;
  const values = form?.values ? { values: form.values } : {};
  let input = undefined as T;
  if (form) {
    const parsed = form.schema.safeParse(form.raw);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFrom(parsed.error.issues);
      if (typeof form.invalid === 'function') return form.invalid(fieldErrors);
      return { status: 'error', message: form.invalid, fieldErrors, ...values };
    }
    input = parsed.data;
  }
  try {
    return await run(input);
  } catch (error) {
    // Next's redirect() and notFound() travel as errors: they are answers, not failures.
    unstable_rethrow(error);
    if (error instanceof ConsoleError) {
      if (!error.field) return { status: 'error', message: error.message, ...values };
      const { refused = typeof form?.invalid === 'string' ? form.invalid : error.message } = options;
      const message = typeof refused === 'function' ? refused(error) : refused;
      return { status: 'error', message, fieldErrors: { [error.field]: [error.message] }, ...values };
    }
    await logConsoleError(`console action ${options.name} failed`, error, { action: options.name });
    const { failure = SOMETHING_WENT_WRONG } = options;
    return { status: 'error', message: typeof failure === 'function' ? failure(error) : failure, ...values };
  }
}
