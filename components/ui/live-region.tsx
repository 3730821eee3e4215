import type { ReactNode } from 'react';

/** A polite live region that is always in the DOM, so screen readers hear what changes in it. */
export function LiveRegion({
  tone,
  children,
  className = '',
}: {
  tone?: 'success' | 'error';
  children?: ReactNode;
  className?: string;
}) {
  const color = tone === 'error' ? 'text-danger' : tone === 'success' ? 'text-success' : 'text-muted';
  return (
    <p aria-live="polite" role="status" className={`min-h-5 text-sm ${color} ${className}`}>
      {children}
    </p>
  );
}
