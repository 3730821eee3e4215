// GET /v1/account/usage: the month's usage per endpoint, today's spend, the caps and the key's
// monthly limit with what is left, and the account's standing. Free and not counted; answered to
// a blocked account too (it is how a program finds out why it is blocked and what is due).
// One query over the rollups the billing writes (UsageMonthly, UsageDaily), so it agrees with the
// console, the CSV and the invoice; nothing here is on a data call's path.
import type pg from 'pg';
import type { z } from 'zod';
import { formatAmount } from '@/lib/money';
import { billingMonth, monthStart } from '@/lib/utc-month';
import { ApiError, errorText } from '../errors';
import { FREE_UNITS_PER_MONTH } from '../pricing';
import { findEndpoint } from '../registry';
import { toParameterError } from '../registry/params';
import { usageParamsSchema, type usageResponseSchema } from '../registry/platform';
import type { Caller } from './auth-directory';
import { queryObject } from './call-params';
import { keyPermits } from './key-scopes';
import type { CallOutcome } from './respond';

type UsageBody = z.infer<typeof usageResponseSchema>;
type SpendLimit = NonNullable<UsageBody['caps']['daily']>;

// $1 account, $2 key, $3 the months read (asked, current), $4 today, $5/$6 the current month's days.
// The key's limit counts its roll lineage, as reserve_call does (prisma/functions.sql).
const USAGE_SQL = `
  SELECT a."blockedAt" IS NOT NULL AS blocked, a."blockedReason", a."blockedDueCents",
         a."dailyCapMicros"::text AS "dailyCap", a."monthlyCapMicros"::text AS "monthlyCap",
         k."monthlyLimitMicros"::text AS "keyLimit",
         (SELECT COALESCE(json_agg(json_build_object('month', mo."month", 'endpoint', mo."endpoint",
                   'requests', mo."requests", 'units', mo."units", 'free', mo."freeUnits", 'micros', mo."amountMicros"::text)), '[]')
            FROM "UsageMonthly" mo
            WHERE mo."accountId" = a.id AND mo."month" = ANY($3::text[]) AND (mo."requests" > 0 OR mo."units" > 0)) AS months,
         (SELECT COALESCE(json_agg(json_build_object('endpoint', d."endpoint", 'micros', d.micros::text)), '[]')
            FROM (SELECT ud."endpoint", SUM(ud."amountMicros") AS micros FROM "UsageDaily" ud
                  WHERE ud."accountId" = a.id AND ud."day" = $4::date GROUP BY ud."endpoint") d) AS today,
         CASE WHEN k."monthlyLimitMicros" IS NOT NULL THEN
           (SELECT COALESCE(SUM(ud."amountMicros"), 0)::text FROM "UsageDaily" ud
            WHERE ud."accountId" = a.id AND ud."day" >= $5::date AND ud."day" < $6::date
              AND ud."apiKeyId" IN (SELECT l.id FROM "ApiKey" l WHERE l."accountId" = a.id
                                      AND (l.id = COALESCE(k."rootKeyId", k.id) OR l."rootKeyId" = COALESCE(k."rootKeyId", k.id))))
         END AS "keySpent"
  FROM "Account" a JOIN "ApiKey" k ON k."accountId" = a.id AND k.id = $2
  WHERE a.id = $1`;

interface MonthRow {
  month: string;
  endpoint: string;
  requests: number;
  units: number;
  free: number;
  micros: string;
}

interface UsageRow {
  blocked: boolean;
  blockedReason: string | null;
  blockedDueCents: number | null;
  dailyCap: string | null;
  monthlyCap: string | null;
  keyLimit: string | null;
  months: MonthRow[];
  today: { endpoint: string; micros: string }[];
  keySpent: string | null;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** A limit, what is spent against it and what is left; spent unknown (null) leaves both out. */
function spendLimit(limit: string | null, spent: number | null): SpendLimit | null {
  if (limit === null) return null;
  const limitMicros = Number(limit);
  const remaining = spent === null ? null : Math.max(0, limitMicros - spent);
  return {
    limit_micros: limitMicros,
    limit: formatAmount(limitMicros),
    spent_micros: spent,
    spent: spent === null ? null : formatAmount(spent),
    remaining_micros: remaining,
    remaining: remaining === null ? null : formatAmount(remaining),
  };
}

/** The month asked for (validated like any endpoint's parameters), or the current one. */
function askedMonth(url: URL, now: Date): string {
  const query = queryObject(url.searchParams);
  if (typeof query === 'string')
    throw new ApiError('invalid_parameter', `Invalid parameter '${query}': given more than once`);
  const parsed = usageParamsSchema.safeParse(query);
  if (!parsed.success) {
    const { code, error } = toParameterError(parsed.error, query);
    throw new ApiError(code, error);
  }
  const current = billingMonth(now);
  const month = parsed.data.month ?? current;
  if (month > current) {
    throw new ApiError(
      'invalid_parameter',
      `Invalid parameter 'month': must not be after the current month (${current}, UTC)`,
    );
  }
  return month;
}

export async function accountUsage(pool: pg.Pool, caller: Caller, url: URL): Promise<CallOutcome> {
  const now = new Date();
  const month = askedMonth(url, now);
  const current = billingMonth(now);
  const { rows } = await pool.query<UsageRow>({
    name: 'account_usage',
    text: USAGE_SQL,
    values: [
      caller.key.accountId,
      caller.key.keyId,
      [month, current],
      day(now),
      day(monthStart(now)),
      day(monthStart(now, 1)),
    ],
  });
  const row = rows[0];
  // The key or its account went away since it was authenticated.
  if (!row) throw new ApiError('invalid_api_key', errorText.invalid_api_key);

  // A restricted key reads only the endpoints it may call; an unrestricted one, the whole account.
  const scopes = caller.key.scopes;
  const restricted = scopes.length > 0;
  const visible = (path: string) => {
    if (!restricted) return true;
    const target = findEndpoint(path);
    return target !== undefined && keyPermits(scopes, target);
  };

  const endpoints = row.months
    .filter((m) => m.month === month && visible(m.endpoint))
    .map((m) => {
      const micros = Number(m.micros);
      return {
        endpoint: m.endpoint,
        requests: m.requests,
        units: m.units,
        free_units: m.free,
        billed_units: m.units - m.free,
        amount_micros: micros,
        amount: formatAmount(micros),
        free_units_remaining: Math.max(0, FREE_UNITS_PER_MONTH - m.free),
      };
    })
    .sort((a, b) => b.amount_micros - a.amount_micros || b.units - a.units || a.endpoint.localeCompare(b.endpoint));
  const sum = (pick: (e: (typeof endpoints)[number]) => number) => endpoints.reduce((s, e) => s + pick(e), 0);
  const totalMicros = sum((e) => e.amount_micros);
  const todayMicros = row.today.filter((t) => visible(t.endpoint)).reduce((s, t) => s + Number(t.micros), 0);
  // The caps count the whole account's spend: a restricted key sees their limits only.
  const accountToday = restricted ? null : row.today.reduce((s, t) => s + Number(t.micros), 0);
  const accountMonth = restricted
    ? null
    : row.months.filter((m) => m.month === current).reduce((s, m) => s + Number(m.micros), 0);
  const dueMicros = (row.blockedDueCents ?? 0) * 10_000;

  const body: UsageBody = {
    month,
    restricted_to: restricted ? [...scopes] : null,
    endpoints,
    total: {
      requests: sum((e) => e.requests),
      units: sum((e) => e.units),
      free_units: sum((e) => e.free_units),
      billed_units: sum((e) => e.billed_units),
      amount_micros: totalMicros,
      amount: formatAmount(totalMicros),
    },
    today: { day: day(now), amount_micros: todayMicros, amount: formatAmount(todayMicros) },
    caps: { daily: spendLimit(row.dailyCap, accountToday), monthly: spendLimit(row.monthlyCap, accountMonth) },
    key: {
      prefix: caller.key.prefix,
      last4: caller.key.last4,
      monthly_limit: spendLimit(row.keyLimit, row.keySpent === null ? null : Number(row.keySpent)),
    },
    account: {
      status: row.blocked ? 'blocked' : 'active',
      blocked_reason: row.blocked ? row.blockedReason : null,
      due_now_micros: row.blocked ? dueMicros : 0,
      due_now: formatAmount(row.blocked ? dueMicros : 0),
    },
  };
  return { status: 200, body, headers: { 'cache-control': 'no-store' } };
}
