import Link from 'next/link';

import type { SpendLimitState } from '@/lib/server/billing/spend-limit-standing';
import { formatAmount } from '@/lib/money';
import { Badge } from '@/components/ui/badge';

/** "2026-11-29 00:00 UTC" */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** A cap or key limit and what it does to calls now, until when (spend-limit-standing.ts). */
function limitSentence(s: SpendLimitState): string {
  const name =
    s.limit === 'daily_cap'
      ? `The daily cap of ${formatAmount(s.limitMicros)}`
      : s.limit === 'monthly_cap'
        ? `The monthly cap of ${formatAmount(s.limitMicros)}`
        : `The monthly limit of ${formatAmount(s.limitMicros)} on key ${s.keyLabel}`;
  const whose = s.limit === 'key_limit' ? "this key's calls" : 'calls';
  if (s.state === 'refusing')
    return `${name} is reached: ${whose} past the free tier answer 429 ${s.code} until ${utc(s.until)}.`;
  const left = `${whose} that could cost more than the ${formatAmount(s.leftMicros)} left answer 429 ${s.code} until ${utc(s.until)}`;
  return s.state === 'reached'
    ? `${name} is reached (${formatAmount(s.spentMicros)} spent): ${left}.`
    : `${name} is near (${formatAmount(s.spentMicros)} spent): ${left}.`;
}

/** The dashboard's standing: blocked, a cap or key limit refusing calls (until when), or served. */
export function Standing({ blocked, limits }: { blocked: boolean; limits: SpendLimitState[] }) {
  if (blocked) {
    return (
      <>
        <p className="text-sm">
          <Badge tone="danger">Blocked</Badge>
        </p>
        <p className="text-xs text-muted">Calls answer 403 account_blocked. Why and what to do: the notice above.</p>
      </>
    );
  }
  if (!limits.length) {
    return (
      <>
        <p className="text-sm">
          <Badge tone="success">In good standing</Badge>
        </p>
        <p className="text-xs text-muted">Calls are served.</p>
      </>
    );
  }
  const refusing = limits.some((l) => l.state !== 'near');
  return (
    <>
      <p className="text-sm">
        <Badge tone={refusing ? 'danger' : 'warning'}>{refusing ? 'Calls refused' : 'Near a limit'}</Badge>
      </p>
      <ul className="flex flex-col gap-1 text-xs">
        {limits.map((l) => (
          <li key={`${l.limit}:${l.keyLabel ?? ''}`}>{limitSentence(l)}</li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-3 text-xs">
        {limits.some((l) => l.limit !== 'key_limit') ? (
          <Link href="/billing#caps-heading" className="text-primary underline-offset-4 hover:underline">
            Change the caps
          </Link>
        ) : null}
        {limits.some((l) => l.limit === 'key_limit') ? (
          <Link href="/keys" className="text-primary underline-offset-4 hover:underline">
            Change the key&apos;s limit
          </Link>
        ) : null}
      </p>
    </>
  );
}
