// The news ingest's writes: each feed's row (validators, last success, last error: both kept, each
// with its time, so /status tells a failing feed from one that failed once) and its articles,
// one per feed and link, so that a feed fetched twice inserts nothing twice and an article the
// feed changed (a corrected title) is updated in place.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { FeedValidators } from './fetch-feed';
import type { FeedArticle } from './map';

export interface FeedState extends FeedValidators {
  url: string;
  /** No request before this (a 429's or 503's Retry-After). */
  retryAfter: Date | null;
}

/** The feeds' rows, made for feeds seen for the first time. */
export async function feedStates(urls: readonly string[]): Promise<Map<string, FeedState>> {
  await db.newsFeed.createMany({ data: urls.map((url) => ({ url })), skipDuplicates: true });
  const rows = await db.newsFeed.findMany({
    where: { url: { in: [...urls] } },
    select: { url: true, etag: true, lastModified: true, retryAfter: true },
  });
  return new Map(rows.map((row) => [row.url, row]));
}

// One INSERT per feed: a feed carries at most this many items (a few hundred at the very most).
const MAX_ITEMS = 500;

export interface StoredCounts {
  inserted: number;
  updated: number;
}

/**
 * A feed read in full: its articles upserted (an undated item keeps the date it was first seen
 * with), then its title, validators and success recorded, in one transaction.
 */
export async function storeFeedArticles(
  feedUrl: string,
  feed: { title: string; articles: readonly FeedArticle[]; validators: FeedValidators; httpStatus: number },
  now: Date,
): Promise<StoredCounts> {
  // A link twice in one feed: its first item (one statement cannot upsert a row twice).
  const byUrl = new Map<string, FeedArticle>();
  for (const article of feed.articles.slice(0, MAX_ITEMS)) if (!byUrl.has(article.url)) byUrl.set(article.url, article);
  const articles = [...byUrl.values()];
  return db.$transaction(async (tx) => {
    let counts: StoredCounts = { inserted: 0, updated: 0 };
    if (articles.length > 0) {
      const rows = articles.map(
        (a) =>
          Prisma.sql`(${feedUrl}, ${a.url}, ${a.title}, ${a.source}, ${a.domain}, ${a.snippet}, ${a.author}, ${a.imageUrl}, ${a.language}, ${a.publishedAt ?? now}, ${a.publishedAt !== null}, ${now})`,
      );
      const written = await tx.$queryRaw<Array<{ inserted: boolean }>>(Prisma.sql`
        INSERT INTO "NewsArticle" ("feedUrl", "url", "title", "source", "domain", "snippet", "author", "imageUrl", "language", "date", "dated", "firstSeenAt")
        VALUES ${Prisma.join(rows)}
        ON CONFLICT ("feedUrl", "url") DO UPDATE SET
          "title" = EXCLUDED."title", "source" = EXCLUDED."source", "domain" = EXCLUDED."domain",
          "snippet" = EXCLUDED."snippet", "author" = EXCLUDED."author", "imageUrl" = EXCLUDED."imageUrl",
          "language" = EXCLUDED."language",
          "date" = CASE WHEN EXCLUDED."dated" THEN EXCLUDED."date" ELSE "NewsArticle"."date" END,
          "dated" = "NewsArticle"."dated" OR EXCLUDED."dated"
        WHERE ("NewsArticle"."title", "NewsArticle"."source", "NewsArticle"."domain", "NewsArticle"."snippet",
               "NewsArticle"."author", "NewsArticle"."imageUrl", "NewsArticle"."language")
              IS DISTINCT FROM
              (EXCLUDED."title", EXCLUDED."source", EXCLUDED."domain", EXCLUDED."snippet",
               EXCLUDED."author", EXCLUDED."imageUrl", EXCLUDED."language")
           OR (EXCLUDED."dated" AND "NewsArticle"."date" IS DISTINCT FROM EXCLUDED."date")
        RETURNING (xmax = 0) AS inserted`);
      const inserted = written.filter((row) => row.inserted).length;
      counts = { inserted, updated: written.length - inserted };
    }
    await tx.newsFeed.update({
      where: { url: feedUrl },
      data: {
        title: feed.title,
        etag: feed.validators.etag,
        lastModified: feed.validators.lastModified,
        lastFetchedAt: now,
        lastStatus: feed.httpStatus,
        lastSuccessAt: now,
        retryAfter: null,
      },
    });
    return counts;
  });
}

/** A 304: the stored articles stand; the feed answered, so it is a success. */
export async function recordNotModified(feedUrl: string, now: Date): Promise<void> {
  await db.newsFeed.update({
    where: { url: feedUrl },
    data: { lastFetchedAt: now, lastStatus: 304, lastSuccessAt: now, retryAfter: null },
  });
}

/** A fetch that failed: recorded, the stored articles and validators kept. */
export async function recordFeedFailure(
  feedUrl: string,
  failure: { message: string; httpStatus: number | null; retryAfter: Date | null },
  now: Date,
): Promise<void> {
  await db.newsFeed.update({
    where: { url: feedUrl },
    data: {
      lastFetchedAt: now,
      lastStatus: failure.httpStatus,
      lastError: failure.message.slice(0, 500),
      lastErrorAt: now,
      retryAfter: failure.retryAfter,
    },
  });
}

/** Articles first seen before `before` go (a feed still listing one stores it again). */
export async function pruneNewsArticles(before: Date): Promise<number> {
  const { count } = await db.newsArticle.deleteMany({ where: { firstSeenAt: { lt: before } } });
  return count;
}
