// The API's read of the stored articles (GET /v1/news/articles): the listed feeds merged, one
// article per link (the copy of the feed listed first), matching the query in title or snippet,
// newest first. The API never waits on a feed: the worker's job keeps the table current.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { NewsArticle } from '../../../registry/news';
import { toNewsArticle } from './map';

interface ArticleRow {
  url: string;
  title: string;
  source: string;
  domain: string;
  snippet: string;
  author: string;
  imageUrl: string;
  language: string;
  date: Date;
}

/**
 * Articles of `feeds` matching `query`: every word (PostgreSQL's web search syntax: "a phrase",
 * or, -word), any case, no stemming, in the title or the snippet. The expression is the one the
 * full-text index of migration 20261126100234_news_feeds is built on.
 */
export async function searchNewsArticles(options: {
  feeds: readonly string[];
  query: string;
  limit: number;
}): Promise<NewsArticle[]> {
  const feeds = [...options.feeds];
  const rows = await db.$queryRaw<ArticleRow[]>(Prisma.sql`
    SELECT "url", "title", "source", "domain", "snippet", "author", "imageUrl", "language", "date"
      FROM (
        SELECT DISTINCT ON (a."url") a.*
          FROM "NewsArticle" a
         WHERE a."feedUrl" = ANY(${feeds}::text[])
           AND to_tsvector('simple', a."title" || ' ' || a."snippet") @@ websearch_to_tsquery('simple', ${options.query})
         ORDER BY a."url", array_position(${feeds}::text[], a."feedUrl")
      ) merged
     ORDER BY "date" DESC, "url"
     LIMIT ${options.limit}`);
  return rows.map((row) => toNewsArticle(row));
}

/** Whether any of `feeds` has ever been read (until then the API has nothing to serve). */
export async function anyFeedRead(feeds: readonly string[]): Promise<boolean> {
  const read = await db.newsFeed.count({ where: { url: { in: [...feeds] }, lastSuccessAt: { not: null } } });
  return read > 0;
}
