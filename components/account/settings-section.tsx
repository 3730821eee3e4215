import type { ReactNode } from 'react';

// Every card has the same width (the sessions table and the webhooks need the room; the others
// line up with them), and none is wider than the page: min-w-0 lets a table scroll inside its card.
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex w-full min-w-0 max-w-3xl flex-col gap-3 rounded-lg border border-border bg-raised p-5 max-sm:p-4"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
