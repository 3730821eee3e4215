import 'server-only';

// What the operator sees of the live sources and the public /status does not
// (`npm run console -- source-status`): each live news feed by its address (scheme, host and path,
// never its credentials or query) with its last success, last error and articles stored, and the
// units of a platform's daily quota this deployment used today (videosite).
import { prismaSql } from '@/lib/db/prisma-sql';
import { nextQuotaDayStart, quotaDay, quotaUnitsOn } from '@/lib/api/providers/live/quota';
import type { LiveAdapter } from '@/lib/api/providers/live/types';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import type { Family } from '@/lib/api/registry/types';
import { readListedNewsFeeds, type NewsFeedStatus } from '@/lib/ingest/news/feed-status';
import { envRecord, type EnvRecord } from '@/lib/env';

/** A live platform's daily quota as this deployment used it (lib/api/providers/live/quota.ts). */
interface QuotaToday {
  units: number;
  /** The quota day, in the platform's zone. */
  day: string;
  timeZone: string;
  resetsAt: Date;
}

export interface OperatorFamilyStatus {
  family: Family;
  source: string;
  /** For live families whose platform counts a daily quota; null for the others. */
  quotaToday: QuotaToday | null;
  /** For live news: each listed feed's state; null for the others. */
  newsFeeds: NewsFeedStatus[] | null;
}

export interface OperatorStatusOptions {
  env?: EnvRecord;
  /** The adapters to describe (tests); the registered ones by default. */
  adapters?: Partial<Record<Family, LiveAdapter>>;
  now?: Date;
}

/** Every family with its source; the quota and the feeds where they apply. Throws on a configuration the API refuses. */
export async function getOperatorStatus(options: OperatorStatusOptions = {}): Promise<OperatorFamilyStatus[]> {
  const env = options.env ?? envRecord();
  const now = options.now ?? new Date();
  const summary = summarizeSources(env, options.adapters);
  if (summary.error) throw new Error(summary.error);
  const families: OperatorFamilyStatus[] = [];
  for (const f of summary.families) {
    const quotaToday = f.dailyQuota
      ? {
          units: await quotaUnitsOn(prismaSql, f.family, now, f.dailyQuota.timeZone),
          day: quotaDay(now, f.dailyQuota.timeZone),
          timeZone: f.dailyQuota.timeZone,
          resetsAt: nextQuotaDayStart(now, f.dailyQuota.timeZone),
        }
      : null;
    const newsFeeds = f.family === 'news' && f.source === 'live' ? await readListedNewsFeeds(env) : null;
    families.push({ family: f.family, source: f.source, quotaToday, newsFeeds });
  }
  return families;
}
