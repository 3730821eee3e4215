// What the usage pages and their route handlers accept: a month among the current one and the
// twelve before it, and the request log's filters. Shared by the pages, the route handlers and
// the forms, so a bad value gets the same message everywhere.
import { z } from 'zod';

import { errorStatus, type ErrorCode } from '@/lib/api/errors';
import { findEndpoint } from '@/lib/api/registry';
import { billingMonth, monthStart } from '@/lib/utc-month';

/** How many months back the usage pages go, besides the current one. */
const USAGE_MONTHS_BACK = 12;

/** The months the usage pages offer, newest first: the current month and the twelve before it. */
export function selectableMonths(now: Date = new Date()): string[] {
  return Array.from({ length: USAGE_MONTHS_BACK + 1 }, (_, i) => billingMonth(monthStart(now, -i)));
}

/** A month the usage pages show; blank or absent means the current month. */
function monthParam(now: Date = new Date()) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : billingMonth(now)))
    .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), 'month must be YYYY-MM, like 2026-11')
    .refine(
      (v) => selectableMonths(now).includes(v),
      `month must be the current month or one of the ${USAGE_MONTHS_BACK} before it`,
    );
}

/** A key filter: a key id, or blank for every key. */
const keyParam = z
  .string()
  .trim()
  .max(64, 'key is not a key id')
  .optional()
  .transform((v) => v || null);

export const usageMonthQuerySchema = (now: Date = new Date()) => z.object({ month: monthParam(now), key: keyParam });

/** One endpoint of the API ("/v1/shop/products"), or blank for all of them. */
const endpointParam = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || findEndpoint(v) !== undefined, {
    message: "endpoint must be one of the API's paths, like /v1/shop/products",
  });

/** The CSV of a month on /usage: every filter the page shows (month, key and endpoint). */
export const usageExportQuerySchema = (now: Date = new Date()) =>
  z.object({ month: monthParam(now), key: keyParam, endpoint: endpointParam });

const isoTime = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const at = new Date(v);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a date and time, like 2026-11-24T09:30:00Z` });
        return z.NEVER;
      }
      return at;
    });

/** The log's status filter: a class of answers, or `refused` (refused before a platform was asked, not billed). */
const STATUS_CLASSES = ['2xx', '4xx', '5xx', 'refused'] as const;

/** Every error code the API answers (lib/api/errors.ts), for the log's code filter. */
export const ERROR_CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** One of `values`, or blank or absent for any (null); anything else is refused with `message`. */
function choiceParam<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .enum(['', ...values] as const, { message })
    .optional()
    .transform((v): T[number] | null => v || null);
}

/** The request log's filters and cursor. */
export const requestLogQuerySchema = z
  .object({
    endpoint: z
      .string()
      .trim()
      .max(200, 'endpoint is too long')
      .optional()
      .transform((v) => v || null),
    key: keyParam,
    status: choiceParam(STATUS_CLASSES, 'status must be 2xx, 4xx, 5xx or refused'),
    code: choiceParam(ERROR_CODES, "code must be one of the API's error codes, like key_limit_exceeded"),
    from: isoTime('from'),
    to: isoTime('to'),
    requestId: z
      .string()
      .trim()
      .max(100, 'request id is too long')
      .optional()
      .transform((v) => v || null),
    cursor: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => v || null),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 to 200')
      .max(200, 'limit must be 1 to 200')
      .default(50),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: 'from must be before to', path: ['from'] });

export type RequestLogQuery = z.infer<typeof requestLogQuerySchema>;

/** Every problem in a query, one line each ("month: month must be YYYY-MM…"). */
export function queryErrors(error: z.ZodError): string {
  return error.issues.map((i) => i.message).join('; ');
}
