/** Preformatted code, focusable so that keyboard users can scroll it. */
export function CodeBlock({ code, label, className = '' }: { code: string; label: string; className?: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className={`max-h-96 overflow-auto rounded-md border border-border bg-surface p-3 text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-focus ${className}`}
    >
      <code>{code}</code>
    </pre>
  );
}
