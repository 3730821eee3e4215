export type UsageAlertErrorCode = 'not_found' | 'limit_reached';

/** A refusal the console shows as it is (an unknown key or alert, too many alerts). */
export class UsageAlertError extends Error {
  constructor(
    readonly code: UsageAlertErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UsageAlertError';
  }
}
