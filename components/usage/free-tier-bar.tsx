/** Free units used of the month's allowance, as a bar and as text. */
export function FreeTierBar({ used, of }: { used: number; of: number }) {
  const percent = Math.min(100, Math.round((used / of) * 100));
  return (
    <div className="flex items-center justify-end gap-2">
      <span className="tabular-nums">
        {used} / {of}
      </span>
      <span
        aria-hidden="true"
        className="inline-block h-2 w-16 overflow-hidden rounded-full bg-surface ring-1 ring-border"
      >
        <span className={`block h-full ${used >= of ? 'bg-warning' : 'bg-primary'}`} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
