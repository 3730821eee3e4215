/**
 * A UTC timestamp, formatted the same on the server and in the browser (no hydration mismatch,
 * no flash): "2025-03-14 09:26 UTC". `precise` adds the time to the second as a tooltip (title)
 * and as the text screen readers read, for times where the minute is not enough ("last used").
 */
export function DateTime({
  value,
  fallback = 'never',
  precise = false,
}: {
  value: Date | string | null;
  fallback?: string;
  precise?: boolean;
}) {
  if (!value) return <span className="text-muted">{fallback}</span>;
  const date = typeof value === 'string' ? new Date(value) : value;
  const iso = date.toISOString();
  const text = `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  if (!precise) return <time dateTime={iso}>{text}</time>;
  const exact = `${iso.slice(0, 19).replace('T', ' ')} UTC`;
  return (
    <time dateTime={iso} title={exact}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{exact}</span>
    </time>
  );
}
