// How long a call's holds last (CallHold.expiresAt, reserve_call in prisma/functions.sql): longer
// than any call of this process can live, so that a hold ends by its call's record or release,
// and only the holds of a process that died end by the lease.
// A call asks the platform at most MOST_PLATFORM_REQUESTS_PER_CALL times (a `pages` walk of the
// largest endpoint, or forumsite's flair walk), each within UPSTREAM_TIMEOUT_MS, then waits for its
// billing commit (the usage recorder's five attempts); the lease covers all of it. (The gateway's
// deadline also ends the whole provider call after one UPSTREAM_TIMEOUT_MS, so this is a bound
// with room, not an estimate.) It is never shorter than five minutes.
import { MAX_PLATFORM_REQUESTS as FLAIR_WALK_REQUESTS } from '../providers/live/forumsite/client';
import { dataEndpoints } from '../registry';

/** Time for the billing commit after the platform answered, and for clocks a little apart. */
const BILLING_MARGIN_MS = 60_000;
const SHORTEST_LEASE_MS = 5 * 60_000;

/** The most platform requests one call may make. */
export const MOST_PLATFORM_REQUESTS_PER_CALL = Math.max(
  FLAIR_WALK_REQUESTS,
  ...dataEndpoints.map((e) => (e.paging?.param === 'pages' ? (e.paging.max ?? 1) : 1)),
);

/** The hold lease of a process whose platform requests time out after `upstreamTimeoutMs`. */
export function holdLeaseMs(upstreamTimeoutMs: number): number {
  return Math.max(SHORTEST_LEASE_MS, upstreamTimeoutMs * MOST_PLATFORM_REQUESTS_PER_CALL + BILLING_MARGIN_MS);
}
