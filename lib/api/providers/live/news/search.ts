// The API's read of the stored articles (GET /v1/news/articles): the listed feeds merged, one
// article per link (the copy of the feed listed first), matching the query in title or snippet,
// newest first. The API never waits on a feed: the news ingest (lib/ingest/news, run by the
// worker) keeps the tables current, and this file is the API's only read of them, in SQL on the
// API's own pool rather than through the ingest's code.
import type { NewsArticle } from '../../../registry/news';
import type { Sql } from '../types';

/** An article's text as the NewsArticle table holds it (the ingest writes it, this reads it). */
export interface StoredArticleText {
  url: string;
  title: string;
  source: string;
  domain: string;
  snippet: string;
  author: string;
  imageUrl: string;
  language: string;
}

/** A stored article as this read selects it. */
interface StoredArticle extends StoredArticleText, Record<string, unknown> {
  date: Date;
}

/**
 * Articles of `feeds` matching `query`: every word (PostgreSQL's web search syntax: "a phrase",
 * or, -word), any case, no stemming, in the title or the snippet. The expression is the one the
 * full-text index of migration 20261126100234_news_feeds is built on.
 */
export async function searchNewsArticles(
  sql: Sql,
  options: { feeds: readonly string[]; query: string; limit: number },
): Promise<NewsArticle[]> {
  const { rows } = await sql.query<StoredArticle>(
    // "date" is a timestamp without time zone holding UTC: read as timestamptz, so that pg makes
    // the same Date in a process whose local zone is not UTC.
    `SELECT "url", "title", "source", "domain", "snippet", "author", "imageUrl", "language",
            "date" AT TIME ZONE 'UTC' AS "date"
       FROM (
         SELECT DISTINCT ON (a."url") a.*
           FROM "NewsArticle" a
          WHERE a."feedUrl" = ANY($1::text[])
            AND to_tsvector('simple', a."title" || ' ' || a."snippet") @@ websearch_to_tsquery('simple', $2)
          ORDER BY a."url", array_position($1::text[], a."feedUrl")
       ) merged
      ORDER BY "date" DESC, "url"
      LIMIT $3`,
    [[...options.feeds], options.query, options.limit],
  );
  return rows.map((row) => toNewsArticle(row));
}

/** "2018-01-31 07:26:05" (UTC), as the registry's dates are. */
function utcText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A stored article as the API's record. */
export function toNewsArticle(article: StoredArticle): NewsArticle {
  return {
    title: article.title,
    url: article.url,
    source: article.source,
    domain: article.domain,
    snippet: article.snippet,
    date: utcText(article.date),
    date_timestamp: Math.floor(article.date.getTime() / 1000),
    author: article.author,
    image_url: article.imageUrl,
    language: article.language,
  };
}

/** Whether any of `feeds` has ever been read (until then the API has nothing to serve). */
export async function anyFeedRead(sql: Sql, feeds: readonly string[]): Promise<boolean> {
  const { rows } = await sql.query<{ read: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "NewsFeed" WHERE url = ANY($1::text[]) AND "lastSuccessAt" IS NOT NULL) AS read`,
    [[...feeds]],
  );
  return rows[0]?.read === true;
}
