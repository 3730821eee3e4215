import Link from 'next/link';
import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { DashboardOverview } from '@/lib/server/usage/get-dashboard-overview';

import { CopyText } from './copy-text';

type Steps = NonNullable<DashboardOverview['firstSteps']>;

/** The call the checklist suggests, with the start of the account's newest key and the API's address. */
function firstCallCurl(apiBase: string, keyPrefix: string | null): string {
  return `curl -H "X-API-Key: ${keyPrefix ?? 'ak_live_'}…" "${apiBase}/v1/forumsite/community/posts?community=news&pages=1"`;
}

function Step({ id, title, done, children }: { id: string; title: string; done: boolean; children?: ReactNode }) {
  return (
    <li data-step={id} data-done={done} className="flex gap-3">
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${
          done ? 'border-success bg-success-soft text-success' : 'border-border bg-surface text-transparent'
        }`}
      >
        ✓
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {title} {done ? <Badge tone="success">Done</Badge> : <span className="sr-only">(to do)</span>}
        </p>
        {done ? null : children}
      </div>
    </li>
  );
}

/**
 * The first-run checklist: each step ticks itself from the account's state (first-steps.ts), and
 * the whole list is gone once every step is done.
 */
export function FirstSteps({ steps, apiBase, freeUnits }: { steps: Steps; apiBase: string; freeUnits: number }) {
  const done = [steps.verified, steps.hasKey, steps.called, steps.hasCard, steps.hasCap].filter(Boolean).length;
  return (
    <section
      aria-labelledby="first-steps"
      className="flex flex-col gap-4 rounded-lg border border-primary bg-raised p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-steps" className="text-lg font-semibold">
          First steps
        </h2>
        <p data-testid="first-steps-progress" className="text-sm text-muted">
          {done} of 5 done
        </p>
      </div>
      <ol aria-label="First steps" className="flex flex-col gap-4 text-sm">
        <Step id="verify" title="Verify your email address" done={steps.verified}>
          <p className="text-muted">
            Follow the link we mailed you. Until then the API serves only its free tier (the banner above sends a new
            link).
          </p>
        </Step>
        <Step id="key" title="Create an API key" done={steps.hasKey}>
          <p className="text-muted">Keys are shown once; keep yours somewhere safe.</p>
          <Link className={`${buttonClasses('primary', 'sm')} self-start`} href="/keys">
            Create a key
          </Link>
        </Step>
        <Step id="call" title="Make a first call" done={steps.called}>
          <p className="text-muted">
            Each endpoint&apos;s first {freeUnits} units a month are free.{' '}
            {steps.keyPrefix ? (
              <>
                Put your whole key (it starts <code className="font-mono">{steps.keyPrefix}</code>) in place of{' '}
                <code className="font-mono">{steps.keyPrefix}…</code>:
              </>
            ) : (
              <>
                Put your key in place of <code className="font-mono">ak_live_…</code>:
              </>
            )}
          </p>
          <CopyText text={firstCallCurl(apiBase, steps.keyPrefix)} label="Copy the curl command" />
          <p className="text-muted">Or try the API in the browser: pick an endpoint, fill in a form, see the answer.</p>
          <Link className={`${buttonClasses('secondary', 'sm')} self-start`} href="/explorer">
            Open the explorer
          </Link>
        </Step>
        <Step id="card" title="Add a card before the free tier ends" done={steps.hasCard}>
          <p className="text-muted">
            Past its {freeUnits} free units a month, an endpoint answers only accounts with a card on file.
          </p>
          <Link className={`${buttonClasses('secondary', 'sm')} self-start`} href="/billing">
            Add a card
          </Link>
        </Step>
        <Step id="cap" title="Set a spending cap" done={steps.hasCap}>
          <p className="text-muted">A daily or monthly cap refuses calls that would take your spend past it.</p>
          <Link className={`${buttonClasses('secondary', 'sm')} self-start`} href="/billing#caps-heading">
            Set a cap
          </Link>
        </Step>
      </ol>
    </section>
  );
}
