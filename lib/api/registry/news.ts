// News family: article search. The spec names only `limit` and the response fields (articles,
// limit, count); the query parameter and the article record are this service's design.
import { z } from 'zod';
import { sentimentField, unixTime, utcDate } from './common';
import { bool, int, params, text } from './params';
import type { EndpointDefinition } from './types';

// Element of `articles`. Unlike the other families, `source` and `domain` name the publisher of
// each article (the outlet's display name and the host of `url`): a news search spans many outlets.
export const newsArticleSchema = z.strictObject({
  title: z.string(),
  url: z.string(),
  source: z.string(),
  domain: z.string(),
  /** The article's lead or description; the title when the outlet gives none. Sentiment reads this. */
  snippet: z.string(),
  date: utcDate,
  date_timestamp: unixTime,
  /** Empty when the outlet names no author. */
  author: z.string(),
  /** Empty when the article has no lead image. */
  image_url: z.string(),
  /** ISO 639-1 code; empty when the outlet declares no language. */
  language: z.string().regex(/^([a-z]{2})?$/),
  sentiment: sentimentField,
});

export const newsArticlesResponse = z.strictObject({
  articles: z.array(newsArticleSchema),
  limit: z.number().int().min(1).max(100),
  count: z.number().int().min(0),
});

export const newsEndpoints = [
  // GET /v1/news/articles: news article search, one request whatever limit is
  {
    path: '/v1/news/articles',
    family: 'news',
    summary: 'Search news articles',
    description:
      'News articles matching `query` (required, max 500), newest first. `limit` 1-100 (default 10) sets how many ' +
      'articles come back; not paginated, billed as one request whatever limit is; `count` can be below `limit` ' +
      'when fewer articles match. Each article carries title, url, source and domain (the publisher, not a constant), ' +
      'snippet, date, date_timestamp, author, image_url and language; with get_sentiment=true the sentiment is ' +
      'computed from the title and the snippet together (the title alone when the outlet gives no lead).',
    params: params({ query: text(500), limit: int(1, 100, 10), get_sentiment: bool() }),
    response: newsArticlesResponse,
    // The spec does not price this endpoint; $0.003 per request, the service's base price.
    priceMicros: 3000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'articles', text: 'snippet', title: 'title' },
    billedErrors: {},
    method: 'GET',
    example: { query: 'renewable energy', limit: '20' },
  },
] satisfies EndpointDefinition[];

export type NewsArticle = z.infer<typeof newsArticleSchema>;
