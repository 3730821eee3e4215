import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

import { listUsageKeys, usageKeyLabel } from './list-usage-keys';
import { monthRange } from '@/lib/utc-month';

export type StreamUsageCsvOptions = {
  accountId: string;
  month: string;
  /** Only this key's calls (a key id), as /usage's key filter; null or absent: every key. */
  keyId?: string | null;
  /** Only this endpoint's calls, as /usage's endpoint filter; null or absent: every endpoint. */
  endpoint?: string | null;
};

const USAGE_CSV_COLUMNS = [
  'date',
  'endpoint',
  'key',
  'requests',
  'units',
  'free_units',
  'billable_units',
  'amount_usd',
] as const;

/** Micro-dollars as dollars with six decimals, exactly: 1234567n → "1.234567". */
export function microsToUsd(micros: bigint): string {
  const sign = micros < 0n ? '-' : '';
  const abs = micros < 0n ? -micros : micros;
  return `${sign}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe (key names are the
 * customer's own text).
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows are encoded this many at a time, so the download starts before the month is written. */
const CHUNK_ROWS = 500;

/**
 * The month's usage as CSV, one row per UTC day, endpoint and key, from the daily rollup, under
 * the filters /usage shows (a key, an endpoint): the rows sum to the usage page and the ledger to
 * the micro-dollar. A month has at most a row per day, endpoint and key the account used (a few
 * thousand for the heaviest), read in one query on the rollup's primary key and written out in chunks.
 */
export function streamUsageCsv({
  accountId,
  month,
  keyId = null,
  endpoint = null,
}: StreamUsageCsvOptions): ReadableStream<Uint8Array> {
  const [start, end] = monthRange(month);
  const encoder = new TextEncoder();
  let lines: string[] = [];
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const [keys, rows] = await Promise.all([
        listUsageKeys({ accountId }),
        db.$queryRaw<
          {
            day: Date;
            apiKeyId: string;
            endpoint: string;
            requests: number;
            units: number;
            freeUnits: number;
            amountMicros: bigint;
          }[]
        >`
          SELECT d."day", d."apiKeyId", d."endpoint", d."requests", d."units", d."freeUnits", d."amountMicros"
          FROM "UsageDaily" d
          WHERE d."accountId" = ${accountId} AND d."day" >= ${start}::date AND d."day" < ${end}::date
            ${keyId ? Prisma.sql`AND d."apiKeyId" = ${keyId}` : Prisma.empty}
            ${endpoint ? Prisma.sql`AND d."endpoint" = ${endpoint}` : Prisma.empty}
          ORDER BY d."day", d."endpoint", d."apiKeyId"`,
      ]);
      const labels = new Map(keys.map((k) => [k.id, usageKeyLabel(k)]));
      lines = rows.map((r) =>
        [
          r.day.toISOString().slice(0, 10),
          csvField(r.endpoint),
          csvField(labels.get(r.apiKeyId) ?? usageKeyLabel(undefined)),
          String(r.requests),
          String(r.units),
          String(r.freeUnits),
          String(r.units - r.freeUnits),
          microsToUsd(r.amountMicros),
        ].join(','),
      );
      controller.enqueue(encoder.encode(`${USAGE_CSV_COLUMNS.join(',')}\r\n`));
    },
    pull(controller) {
      if (next >= lines.length) {
        controller.close();
        return;
      }
      const chunk = lines.slice(next, next + CHUNK_ROWS);
      next += chunk.length;
      controller.enqueue(encoder.encode(`${chunk.join('\r\n')}\r\n`));
    },
  });
}
