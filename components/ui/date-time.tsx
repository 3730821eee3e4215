/**
 * A UTC timestamp, formatted the same on the server and in the browser (no hydration mismatch,
 * no flash): "2025-03-14 09:26 UTC".
 */
export function DateTime({ value, fallback = 'never' }: { value: Date | string | null; fallback?: string }) {
  if (!value) return <span className="text-muted">{fallback}</span>;
  const date = typeof value === 'string' ? new Date(value) : value;
  const text = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}
