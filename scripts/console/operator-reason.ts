// An operator's --reason: words for the account's activity, trimmed, 3 to 500 characters.
import { UsageError } from './args';

export function operatorReason(value: string): string {
  const reason = value.trim().replace(/\s+/g, ' ');
  if (reason.length < 3 || reason.length > 500) throw new UsageError('--reason must be 3 to 500 characters');
  return reason;
}
