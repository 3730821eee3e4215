// The one error type of the console's use cases (lib/server/<domain>): a refusal written for the
// person in the console, so an action shows its message as it is. `code` says what kind of refusal
// it is, for code that acts on it (the sign-up that answers a taken address like a new one, the
// route that answers a stale cursor with 400); `field` names the form field the refusal is about,
// so the action helper (lib/actions/run-action.ts) marks that field instead of the whole form.
export type ConsoleErrorCode =
  | 'not_found'
  | 'limit_reached'
  | 'invalid_transition'
  | 'invalid_input'
  | 'name_taken'
  | 'email_taken'
  | 'bad_cursor';

export class ConsoleError extends Error {
  readonly code: ConsoleErrorCode;
  /** The form field the message is about (the form's own name for it), if it is about one. */
  readonly field: string | undefined;

  constructor(code: ConsoleErrorCode, message: string, options: { field?: string } = {}) {
    super(message);
    this.name = 'ConsoleError';
    this.code = code;
    this.field = options.field;
  }
}

/** Whether `error` is a ConsoleError (of `code`, when given). */
export function isConsoleError(error: unknown, code?: ConsoleErrorCode): error is ConsoleError {
  return error instanceof ConsoleError && (code === undefined || error.code === code);
}
