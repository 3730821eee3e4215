/** Placeholder blocks shaped like the page that is loading, so nothing jumps when it arrives. */
export function PageSkeleton({ label, blocks = [4, 10, 16] }: { label: string; blocks?: number[] }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-8">
      <span className="sr-only">{label}</span>
      <div className="flex flex-col gap-2" aria-hidden="true">
        <div className="h-8 w-40 animate-pulse rounded bg-surface" />
        <div className="h-5 w-full max-w-lg animate-pulse rounded bg-surface" />
      </div>
      {blocks.map((rem, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="animate-pulse rounded-lg bg-surface"
          style={{ height: `${rem}rem` }}
        />
      ))}
    </div>
  );
}
