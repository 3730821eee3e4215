// Newsletter family: profile search, notes search, category feed and publication details.
// Record schemas live in ./newsletter-records.ts.
import { z } from 'zod';
import { atLeastOne, bool, int, oneOf, params, text } from './params';
import type { EndpointDefinition } from './types';
import {
  newsletterFeedItemSchema,
  newsletterNoteSchema,
  newsletterPublicationSchema,
  newsletterUserSchema,
} from './newsletter-records';

export * from './newsletter-records';

const newsletterUsersResponse = z.strictObject({
  users: z.array(newsletterUserSchema),
  query: z.string(),
  page: z.number().int().min(1).max(4),
  has_next_page: z.boolean(),
  count: z.number().int().min(0),
});

const newsletterNotesResponse = z.strictObject({
  notes: z.array(newsletterNoteSchema),
  query: z.string(),
  sort_by: z.enum(['most_recent', 'top']),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
});

const newsletterCategoryFeedResponse = z.strictObject({
  items: z.array(newsletterFeedItemSchema),
  category: z.strictObject({ category_id: z.number().int(), name: z.string() }),
  sort_by: z.enum(['top', 'most_recent', 'posts']),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
});

const newsletterPublicationResponse = z.strictObject({ publication: newsletterPublicationSchema });

export const newsletterEndpoints = [
  // GET /v1/newsletter/users: profile search, one page of 20 per call, billed per request
  {
    path: '/v1/newsletter/users',
    family: 'newsletter',
    summary: 'Search newsletter profiles',
    description:
      'Searches user profiles by name or keyword. One page of 20 profiles per call (`page` 1-4); results end after ' +
      'about 75 profiles per query, so page 4 is partial and `has_next_page` is false there. subscriber_count is ' +
      'rounded and 0 when hidden; leaderboard is null when the user is unranked.',
    params: params({ query: text(500), page: int(1, 4, 1) }),
    response: newsletterUsersResponse,
    priceMicros: 3000,
    billingUnit: 'request',
    pageSize: 20,
    paging: { param: 'page', max: 4 },
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { query: 'climate', page: '1' },
  },
  // GET /v1/newsletter/notes: notes search, billed per page
  {
    path: '/v1/newsletter/notes',
    family: 'newsletter',
    summary: 'Search newsletter notes',
    description:
      'Searches short-form notes. Up to 12 notes per page: posts mixed into the upstream feed are dropped, so a page ' +
      'can hold fewer. No date filter. sort_by most_recent (default) or top. Only pages returned are billed.',
    params: params({
      query: text(500),
      sort_by: oneOf(['most_recent', 'top'], 'most_recent'),
      pages: int(1, 250, 1),
      get_sentiment: bool(),
    }),
    response: newsletterNotesResponse,
    priceMicros: 3000,
    billingUnit: 'page',
    pageSize: 12,
    paging: { param: 'pages', max: 250 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'notes', text: 'body' },
    billedErrors: {},
    method: 'GET',
    example: { query: 'writing habits', sort_by: 'top', pages: '2' },
  },
  // GET /v1/newsletter/category/feed: a category's notes and posts, billed per page
  {
    path: '/v1/newsletter/category/feed',
    family: 'newsletter',
    summary: "A newsletter category's feed of notes and posts",
    description:
      'Items of a category, each tagged `type` note or post, about 11 per page. `category` takes a numeric category ' +
      'ID or a slug (max 200 characters). sort_by top (default), most_recent, or posts (leaves out notes). Only ' +
      'pages returned are billed.',
    params: params({
      category: text(200),
      sort_by: oneOf(['top', 'most_recent', 'posts'], 'top'),
      pages: int(1, 250, 1),
    }),
    response: newsletterCategoryFeedResponse,
    priceMicros: 3000,
    billingUnit: 'page',
    pageSize: 11,
    paging: { param: 'pages', max: 250 },
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { category: 'technology', sort_by: 'top', pages: '1' },
  },
  // GET /v1/newsletter/publication: one publication's details, billed per request
  {
    path: '/v1/newsletter/publication',
    family: 'newsletter',
    summary: 'Newsletter publication details',
    description:
      'Details of one publication. Provide either `publication` (subdomain, host, custom domain or any URL on it, ' +
      'max 500) or `publication_id` (numeric); when both are given, publication_id is used. subscriber_count is ' +
      'rounded and null when hidden; podcast is null when the publication has none.',
    params: params(
      {
        publication: text(500).optional(),
        publication_id: z
          .string()
          .trim()
          .regex(/^\d{1,20}$/, { error: 'must be a numeric publication ID' })
          .optional(),
      },
      atLeastOne('publication', 'publication_id'),
    ),
    response: newsletterPublicationResponse,
    priceMicros: 3000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { publication: 'thecurrent' },
  },
] satisfies EndpointDefinition[];
