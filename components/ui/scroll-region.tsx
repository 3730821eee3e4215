'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box that scrolls sideways on narrow screens, and says so: while its content is wider than the
 * box, a line under it reads "Scroll sideways for more columns" and the edge with more content
 * fades, until the end is reached.
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const right = element.scrollWidth - element.clientWidth - element.scrollLeft > 1;
      const left = element.scrollLeft > 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  const overflows = more.left || more.right;
  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        <div
          ref={box}
          // relative: the box is the containing block of what is absolutely placed inside (a
          // screen-reader-only header), so it scrolls with the table instead of widening the page.
          className={`relative overflow-x-auto rounded-lg border border-border ${className}`}
          role="region"
          aria-label={label}
          tabIndex={0}
        >
          {children}
        </div>
        {more.left ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-px left-px w-6 rounded-l-lg bg-gradient-to-r from-fg/15 to-transparent"
          />
        ) : null}
        {more.right ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-px right-px w-6 rounded-r-lg bg-gradient-to-l from-fg/15 to-transparent"
          />
        ) : null}
      </div>
      {overflows ? (
        <p data-testid="scroll-cue" className="text-xs text-muted">
          <span aria-hidden="true">↔ </span>Scroll sideways for more columns
        </p>
      ) : null}
    </div>
  );
}
