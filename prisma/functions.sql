-- Database objects Prisma does not model (triggers and functions), applied after the migrations
-- on every start (idempotent). The migration engine splits scripts at semicolons, so function
-- bodies live here rather than in prisma/migrations.
--
-- Tell every API server when a key's status or an account's standing changes, so that cached
-- authentications end. Each change takes a number from "auth_version"; the payload is
-- '<version> key:<sha256>' or '<version> account:<id>'. An API server compares the sequence's
-- current value with the versions it has received before trusting its cache (see
-- lib/api/gateway/auth-directory.ts). lastUsedAt updates do not notify.
CREATE SEQUENCE IF NOT EXISTS "auth_version";

CREATE OR REPLACE FUNCTION "notify_auth_change"() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'ApiKey' THEN
    PERFORM pg_notify('auth_changed', nextval('auth_version') || ' key:' || COALESCE(NEW."hash", OLD."hash"));
  ELSE
    PERFORM pg_notify('auth_changed', nextval('auth_version') || ' account:' || COALESCE(NEW."id", OLD."id"));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS "ApiKey_auth_changed" ON "ApiKey";
-- A key's expiry (or a roll's grace end), restriction and monthly limit are cached with it, so
-- changing them notifies too; the passing of an expiry needs no notice (the cache holds the time).
CREATE TRIGGER "ApiKey_auth_changed" AFTER UPDATE OF "status", "expiresAt", "scopes", "monthlyLimitMicros" OR DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();

DROP TRIGGER IF EXISTS "Account_auth_changed" ON "Account";
CREATE TRIGGER "Account_auth_changed"
  AFTER UPDATE OF "blockedAt", "hasPaymentMethod", "billingByInvoice", "dailyCapMicros", "monthlyCapMicros", "emailUnverified", "deletedAt", "billingMode" OR DELETE ON "Account"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();

-- Bills and records a batch of calls in one round trip (lib/api/gateway/usage-recorder.ts).
-- `batch` is a JSON array of calls in arrival order: id (request id), a (account), k (key),
-- e (endpoint), m (month), s (status), u (units), p (price per unit), snt (sentiment),
-- l (latency ms), t (time), r (free units reserved up front), c (counts as a request), cd (the
-- error code answered, absent for a 2xx), q (the validated parameters as a query string, at most
-- 2,048 characters, for the request log's detail view; absent when there are none), lu (false
-- when the call leaves its key's last-used time alone: the API server writes it at most once a
-- second per key; absent means true), h (true when the call holds a "CallHold" row, free units or
-- spend, see reserve_call below: it is deleted in this transaction, so what a call holds counts as
-- held or as used, never both or neither).
-- Per (account, endpoint, month), locked in sorted order: calls with a reservation take their
-- free units from it; the others take what is left of the month's free units, in order, less what
-- other calls in flight hold (their live "CallHold" rows). A call
-- already recorded (a retried batch) is not recorded or counted again. Calls refused before the
-- platform was asked (c false, no units) get no UsageEvent row each: they are counted in
-- "UsageRefusal" per key, endpoint, status, error code and minute (a refusal is neither billed nor counted,
-- so only its tally is kept; the batch is one transaction, so a failed one adds nothing). The
-- daily rollup "UsageDaily" (account, key, endpoint, UTC day) is added to in the same statement.
-- Its answer is a row per call (id, free units, amount, free units left).
-- `retried` is false for a batch's first attempt: its calls' request ids are new, so it does not
-- look for them in the ledger (were one there, the insert fails and the retry looks).
-- ga, ge, gm: the batch's distinct (account, endpoint, month) groups, as three arrays: the API
-- server knows them, and finding them here costs a pass over every call (null: found here).
-- pp (true when the call held its largest cost against the account's prepaid credits, see
-- reserve_call): its amount is drawn from "Account"."creditBalanceMicros" and counted in the
-- monthly row's "creditMicros" (not invoiced), in this transaction, so the draw and the usage row
-- commit together or not at all; a call costs at most what it held, so the balance never goes
-- below zero. The accounts drawn on are locked in sorted order before anything else is written.
-- (Earlier versions, with fewer arguments or answering the account's spend, are dropped.)
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname = 'record_usage'
             AND (pronargs < 7 OR 'account_day_micros' = ANY(proargnames)) LOOP
    EXECUTE 'DROP FUNCTION ' || f;
  END LOOP;
END
$$;
CREATE OR REPLACE FUNCTION "record_usage"(batch jsonb, free_per_month int, surcharge bigint, retried boolean DEFAULT true,
                                          ga text[] DEFAULT NULL, ge text[] DEFAULT NULL, gm text[] DEFAULT NULL)
RETURNS TABLE (id text, free_units int, amount_micros bigint, free_remaining int) AS $$
#variable_conflict use_column
BEGIN
  -- The batch's monthly counters, created if new, then locked in sorted order (no deadlocks)
  -- before the statement below takes its snapshot. A call is recorded by whoever holds its
  -- counter's lock, so that statement sees every call recorded before it (a retried batch's
  -- among them) and nobody else can record one of its calls until this transaction ends: a call
  -- it finds no row for is new, and its insert cannot conflict (were it ever to, the statement
  -- fails and the batch is retried, finding the row then).
  IF ga IS NULL THEN
    SELECT array_agg(g.a), array_agg(g.e), array_agg(g.m) INTO ga, ge, gm
    FROM (SELECT DISTINCT x.a, x.e, x.m FROM jsonb_to_recordset(batch) AS x(a text, e text, m text)) g;
  END IF;
  INSERT INTO "UsageMonthly" ("accountId", "endpoint", "month")
    SELECT * FROM unnest(ga, ge, gm) ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING;
  PERFORM FROM "UsageMonthly" mo
    WHERE (mo."accountId", mo."endpoint", mo."month") IN (SELECT * FROM unnest(ga, ge, gm))
    ORDER BY mo."accountId", mo."endpoint", mo."month"
    FOR UPDATE;
  IF batch @? '$[*] ? (@.pp == true)' THEN
    PERFORM FROM "Account" ac
      WHERE ac."id" IN (SELECT x.a FROM jsonb_to_recordset(batch) AS x(a text, pp boolean) WHERE x.pp)
      ORDER BY ac."id" FOR NO KEY UPDATE;
  END IF;
  RETURN QUERY
  WITH input AS (
    SELECT x.*, row_number() OVER () AS ord
    FROM jsonb_to_recordset(batch) AS x(id text, a text, k text, e text, m text, s int, u int, p bigint,
                                        snt boolean, l int, t timestamp(3), r int, c boolean, sc boolean, cd text, q text, lu boolean,
                                        pp boolean)
  ),
  -- A call already recorded (a retried batch) keeps what it was given and takes no free units;
  -- a new one is written to the ledger unless it was refused before the platform was asked.
  -- (A lateral subquery, so that a first attempt does not even probe the ledger's index.)
  recs AS (
    SELECT i.*, ue."freeUnits" AS dup_free, ue."amountMicros" AS dup_amount,
           (ue."id" IS NULL AND (i.c OR i.u > 0)) AS fresh
    FROM input i LEFT JOIN LATERAL (SELECT * FROM "UsageEvent" ue WHERE retried AND ue."id" = i.id) ue ON true
  ),
  -- r1: free units held by other calls in flight (their holds are not this batch's; a hold past
  -- its lease no longer counts).
  groups AS (
    SELECT mo."accountId" AS a, mo."endpoint" AS e, mo."month" AS m,
           mo."freeUnits" + COALESCE(rs.took, 0) AS f1,
           (SELECT COALESCE(SUM(h."freeUnits"), 0) FROM "CallHold" h
             WHERE (h."accountId", h."endpoint", h."month") = (mo."accountId", mo."endpoint", mo."month")
               AND h."freeUnits" > 0 AND h."expiresAt" > (now() AT TIME ZONE 'UTC')
               AND NOT EXISTS (SELECT FROM recs WHERE recs.id = h."id"))::int AS r1
    FROM (SELECT recs.a, recs.e, recs.m,
                 SUM(LEAST(recs.u, recs.r)) FILTER (WHERE recs.r > 0 AND recs.dup_free IS NULL)::int AS took
          FROM recs GROUP BY recs.a, recs.e, recs.m) rs
    JOIN "UsageMonthly" mo ON (mo."accountId", mo."endpoint", mo."month") = (rs.a, rs.e, rs.m)
  ),
  priced AS (
    SELECT al.*, COALESCE(al.dup_amount, ((al.u - al.free) * (al.p + CASE WHEN al.snt THEN surcharge ELSE 0 END)))::bigint AS amount
    FROM (
      SELECT rc.*, g.f1, g.r1,
             CASE WHEN rc.dup_free IS NOT NULL THEN rc.dup_free
                  WHEN rc.r > 0 THEN LEAST(rc.u, rc.r)
                  ELSE GREATEST(0, LEAST(rc.u, free_per_month - g.f1 - g.r1
                    - (SUM(CASE WHEN rc.r > 0 OR rc.dup_free IS NOT NULL THEN 0 ELSE rc.u END)
                         OVER (PARTITION BY rc.a, rc.e, rc.m ORDER BY rc.ord) - rc.u)::int))
             END AS free
      FROM recs rc JOIN groups g ON (g.a, g.e, g.m) = (rc.a, rc.e, rc.m)
    ) al
  ),
  ins AS (
    INSERT INTO "UsageEvent" ("id", "accountId", "apiKeyId", "endpoint", "status", "code", "units", "freeUnits",
                              "amountMicros", "sentiment", "latencyMs", "createdAt", "params")
    SELECT pr.id, pr.a, pr.k, pr.e, pr.s, pr.cd, pr.u, pr.free, pr.amount, pr.snt, pr.l, pr.t, pr.q FROM priced pr
    WHERE pr.fresh
  ),
  monthly AS (
    UPDATE "UsageMonthly" mo
    SET "requests" = mo."requests" + tt.req, "units" = mo."units" + tt.units,
        "freeUnits" = mo."freeUnits" + tt.free, "amountMicros" = mo."amountMicros" + tt.amount,
        "creditMicros" = mo."creditMicros" + tt.credit
    FROM (SELECT pr.a, pr.e, pr.m, COUNT(*) FILTER (WHERE pr.c)::int AS req, SUM(pr.u)::int AS units,
                 SUM(pr.free)::int AS free, SUM(pr.amount)::bigint AS amount,
                 COALESCE(SUM(pr.amount) FILTER (WHERE pr.pp), 0)::bigint AS credit
          FROM priced pr WHERE pr.fresh GROUP BY pr.a, pr.e, pr.m) tt
    WHERE (mo."accountId", mo."endpoint", mo."month") = (tt.a, tt.e, tt.m)
  ),
  -- Prepaid calls draw their cost from the balance (their accounts' rows are locked above).
  drawn AS (
    UPDATE "Account" ac SET "creditBalanceMicros" = ac."creditBalanceMicros" - dr.micros
    FROM (SELECT pr.a, SUM(pr.amount)::bigint AS micros FROM priced pr WHERE pr.fresh AND pr.pp GROUP BY pr.a) dr
    WHERE ac."id" = dr.a AND dr.micros > 0
  ),
  daily AS (
    INSERT INTO "UsageDaily" ("accountId", "apiKeyId", "endpoint", "day", "requests", "units", "freeUnits", "sentimentUnits", "amountMicros")
    SELECT pr.a, COALESCE(pr.k, ''), pr.e, pr.t::date, COUNT(*) FILTER (WHERE pr.c)::int, SUM(pr.u)::int, SUM(pr.free)::int,
           COALESCE(SUM(pr.u - pr.free) FILTER (WHERE pr.snt), 0)::int, SUM(pr.amount)::bigint
    FROM priced pr WHERE pr.fresh
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 4, 2, 3
    ON CONFLICT ("accountId", "day", "apiKeyId", "endpoint") DO UPDATE SET
      "requests" = "UsageDaily"."requests" + EXCLUDED."requests", "units" = "UsageDaily"."units" + EXCLUDED."units",
      "freeUnits" = "UsageDaily"."freeUnits" + EXCLUDED."freeUnits",
      "sentimentUnits" = "UsageDaily"."sentimentUnits" + EXCLUDED."sentimentUnits",
      "amountMicros" = "UsageDaily"."amountMicros" + EXCLUDED."amountMicros"
  )
  SELECT pr.id, pr.free, pr.amount,
         GREATEST(0, free_per_month - pr.f1 - pr.r1
           - (SUM(CASE WHEN pr.r > 0 OR pr.dup_free IS NOT NULL THEN 0 ELSE pr.free END) OVER (PARTITION BY pr.a, pr.e, pr.m)))::int
  FROM priced pr
  ORDER BY pr.ord;
  -- What the calls held is now used (or was never needed: a retried batch's).
  IF batch @? '$[*] ? (@.h == true)' THEN
    DELETE FROM "CallHold" ch
    WHERE ch."id" IN (SELECT x.id FROM jsonb_to_recordset(batch) AS x(id text, h boolean) WHERE x.h);
  END IF;
  -- Calls refused before the platform was asked: a tally per key, endpoint, status, error code
  -- and minute. This and the last-used times run only for a batch that has some (most have none).
  IF batch @? '$[*] ? (@.c == false && @.u == 0)' THEN
    INSERT INTO "UsageRefusal" ("accountId", "apiKeyId", "endpoint", "status", "code", "minute", "count")
    SELECT x.a, COALESCE(x.k, ''), x.e, x.s, COALESCE(x.cd, ''), date_trunc('minute', x.t), COUNT(*)::int
    FROM jsonb_to_recordset(batch) AS x(a text, k text, e text, s int, cd text, t timestamp(3), u int, c boolean)
    WHERE NOT x.c AND x.u = 0
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("accountId", "apiKeyId", "endpoint", "status", "code", "minute")
      DO UPDATE SET "count" = "UsageRefusal"."count" + EXCLUDED."count";
  END IF;
  -- Last-used times are a convenience: a key row another batch is updating is skipped rather
  -- than waited for (no lock-order deadlocks between parallel batches).
  IF batch @? '$[*] ? (@.k != null && !(exists (@.lu)))' THEN
    UPDATE "ApiKey" ak SET "lastUsedAt" = lu.t
    FROM (SELECT x.k, MAX(x.t) AS t FROM jsonb_to_recordset(batch) AS x(k text, t timestamp(3), lu boolean)
          WHERE x.k IS NOT NULL AND x.lu IS NOT FALSE GROUP BY x.k) lu
    WHERE ak.id = lu.k AND (ak."lastUsedAt" IS NULL OR ak."lastUsedAt" < lu.t)
      AND ak.id IN (SELECT k2.id FROM "ApiKey" k2 WHERE k2.id IN (SELECT lu2.k FROM jsonb_to_recordset(batch) AS lu2(k text, lu boolean) WHERE lu2.lu IS NOT FALSE)
                    ORDER BY k2.id FOR NO KEY UPDATE SKIP LOCKED);
  END IF;
END
$$ LANGUAGE plpgsql
-- One plan for every batch: given `retried`, PostgreSQL would judge a plan made for its value
-- cheaper and plan every call anew (about 0.9 ms a batch).
SET plan_cache_mode = force_generic_plan;

-- Holds what one call may use before the platform is asked (lib/api/gateway/holds.ts), in one
-- round trip, as one "CallHold" row with the call's id: up to `wanted` of the endpoint's free
-- units left this month (neither used nor held by live holds of calls in flight: accounts without
-- a payment method, and accounts with a spending cap or a key limit), and, when daily_cap,
-- monthly_cap or key_cap is set, the largest cost of the rest, (wanted - free held) * unit_micros,
-- if the account's spend this UTC day and month (the rollups) plus its live holds plus this one
-- stay within both caps. Otherwise nothing is held and `refused` names the cap
-- (daily_limit_exceeded, monthly_limit_exceeded, key_limit_exceeded); a refused account cap
-- marks its period reached ("SpendingCapReached": the 100 % mail and /billing read it).
-- Free holds are counted under the endpoint's monthly row lock, spend under a transaction-scoped
-- advisory lock per account, and each statement here sees every commit before it (READ
-- COMMITTED, a volatile function), so no two calls, on any process or instance, count on the
-- same room; record_usage deletes a hold in the transaction that bills its call, which costs at
-- most what was held. Lock order: the endpoint's monthly row, then the account's lock
-- (record_usage and release_call take only monthly rows).
-- `at_utc` is the call's moment (the API process's clock, as for its day and month); the hold
-- ends at at_utc + lease_ms, the longest the calling process lets a call live
-- (lib/api/gateway/hold-lease.ts). Holds of the account past their end are deleted first: that is
-- how the holds of a killed process end, each after its own lease.
-- A key's monthly limit (key_cap) belongs to its roll lineage: the spend this month (the daily
-- rollup's rows) and the live holds of the key key_id and of every key rolled from the same
-- original ("ApiKey"."rootKeyId") count against it, under the same lock.
-- A prepaid account's call (prepaid true) holds the largest cost of the rest the same way, under
-- the same lock, whatever its caps, and is refused (insufficient_credits, after the caps) when
-- that cost passes the account's credit balance less every live hold of the account: the balance
-- and the holds are read in one statement (one snapshot), as record_usage draws a call's cost
-- and deletes its hold in one transaction. So calls in flight together never draw more than the
-- balance, and the balance never goes below zero.
-- Answers the free units held, the free units used this month before this call, the spend held,
-- and for a prepaid account its credit balance less live holds (before this call's hold).
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname = 'reserve_call' AND NOT ('prepaid' = ANY(proargnames)) LOOP
    EXECUTE 'DROP FUNCTION ' || f;
  END LOOP;
  FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname = 'release_call' AND pronargs = 5 LOOP
    EXECUTE 'DROP FUNCTION ' || f;
  END LOOP;
END
$$;
CREATE OR REPLACE FUNCTION "reserve_call"(call_id text, acct text, ep text, mon text, call_day date, at_utc timestamp,
                                          lease_ms int, wanted int, free_per_month int, unit_micros bigint,
                                          daily_cap bigint, monthly_cap bigint, key_id text, key_cap bigint,
                                          prepaid boolean)
RETURNS TABLE (free_held int, free_used int, spend_held bigint, refused text, credits_left bigint) AS $$
DECLARE
  used int;
  held int;
  n int;
  cost bigint;
  spent_day bigint;
  spent_month bigint;
  spent_key bigint;
  root text;
  month_start date;
  available bigint;
BEGIN
  INSERT INTO "UsageMonthly" ("accountId", "endpoint", "month") VALUES (acct, ep, mon) ON CONFLICT DO NOTHING;
  SELECT mo."freeUnits" INTO used
    FROM "UsageMonthly" mo WHERE mo."accountId" = acct AND mo."endpoint" = ep AND mo."month" = mon
    FOR UPDATE;
  DELETE FROM "CallHold" ch WHERE ch."accountId" = acct AND ch."expiresAt" <= at_utc;
  SELECT COALESCE(SUM(ch."freeUnits"), 0) INTO held
    FROM "CallHold" ch WHERE ch."accountId" = acct AND ch."endpoint" = ep AND ch."month" = mon;
  n := LEAST(wanted, GREATEST(0, free_per_month - used - held));
  cost := (wanted - n) * unit_micros;
  IF cost > 0 AND (prepaid OR daily_cap IS NOT NULL OR monthly_cap IS NOT NULL OR key_cap IS NOT NULL) THEN
    PERFORM pg_advisory_xact_lock(hashtext('spend:' || acct));
    IF daily_cap IS NOT NULL OR monthly_cap IS NOT NULL THEN
    SELECT (SELECT COALESCE(SUM(ud."amountMicros"), 0) FROM "UsageDaily" ud WHERE ud."accountId" = acct AND ud."day" = call_day)
             + COALESCE(SUM(ch."micros") FILTER (WHERE ch."day" = call_day), 0),
           (SELECT COALESCE(SUM(mo."amountMicros"), 0) FROM "UsageMonthly" mo WHERE mo."accountId" = acct AND mo."month" = mon)
             + COALESCE(SUM(ch."micros") FILTER (WHERE ch."month" = mon), 0)
      INTO spent_day, spent_month
      FROM "CallHold" ch WHERE ch."accountId" = acct;
    END IF;
    IF daily_cap IS NOT NULL AND spent_day + cost > daily_cap THEN
      INSERT INTO "SpendingCapReached" ("accountId", "period", "periodLabel", "capMicros", "createdAt")
        VALUES (acct, 'daily', to_char(call_day, 'YYYY-MM-DD'), daily_cap, at_utc) ON CONFLICT DO NOTHING;
      RETURN QUERY SELECT 0, used, 0::bigint, 'daily_limit_exceeded'::text, NULL::bigint;
      RETURN;
    END IF;
    IF monthly_cap IS NOT NULL AND spent_month + cost > monthly_cap THEN
      INSERT INTO "SpendingCapReached" ("accountId", "period", "periodLabel", "capMicros", "createdAt")
        VALUES (acct, 'monthly', mon, monthly_cap, at_utc) ON CONFLICT DO NOTHING;
      RETURN QUERY SELECT 0, used, 0::bigint, 'monthly_limit_exceeded'::text, NULL::bigint;
      RETURN;
    END IF;
    IF key_cap IS NOT NULL THEN
      month_start := to_date(mon || '-01', 'YYYY-MM-DD');
      SELECT COALESCE(k."rootKeyId", k."id") INTO root FROM "ApiKey" k WHERE k."id" = key_id;
      WITH lineage AS (
        SELECT k."id" FROM "ApiKey" k WHERE k."accountId" = acct AND (k."id" = root OR k."rootKeyId" = root)
      )
      SELECT (SELECT COALESCE(SUM(ud."amountMicros"), 0) FROM "UsageDaily" ud
               WHERE ud."accountId" = acct AND ud."apiKeyId" IN (SELECT lineage."id" FROM lineage)
                 AND ud."day" >= month_start AND ud."day" < (month_start + interval '1 month')::date)
             + (SELECT COALESCE(SUM(ch."micros"), 0) FROM "CallHold" ch
                 WHERE ch."accountId" = acct AND ch."apiKeyId" IN (SELECT lineage."id" FROM lineage) AND ch."month" = mon)
        INTO spent_key;
      IF spent_key + cost > key_cap THEN
        RETURN QUERY SELECT 0, used, 0::bigint, 'key_limit_exceeded'::text, NULL::bigint;
        RETURN;
      END IF;
    END IF;
    IF prepaid THEN
      SELECT ac."creditBalanceMicros"
               - (SELECT COALESCE(SUM(ch."micros"), 0) FROM "CallHold" ch WHERE ch."accountId" = acct)
        INTO available FROM "Account" ac WHERE ac."id" = acct;
      IF cost > available THEN
        RETURN QUERY SELECT 0, used, 0::bigint, 'insufficient_credits'::text, GREATEST(available, 0);
        RETURN;
      END IF;
    END IF;
  ELSE
    cost := 0;
  END IF;
  IF n > 0 OR cost > 0 THEN
    INSERT INTO "CallHold" ("id", "accountId", "apiKeyId", "endpoint", "day", "month", "freeUnits", "micros", "createdAt", "expiresAt")
      VALUES (call_id, acct, key_id, ep, call_day, mon, n, cost, at_utc, at_utc + lease_ms * interval '1 millisecond');
  END IF;
  RETURN QUERY SELECT n, used, cost, NULL::text, available;
END
$$ LANGUAGE plpgsql;

-- Gives back what reserve_call held for a call that no record_usage will bill (it failed first):
-- deletes the call's hold, so a second release (a retry, or a release after a commit whose answer
-- was lost) changes nothing. The endpoint's monthly row is locked first, as record_usage locks it
-- before it counts the holds of calls in flight, so a batch never counts a hold released meanwhile.
CREATE OR REPLACE FUNCTION "release_call"(call_id text, acct text, ep text, mon text)
RETURNS void AS $$
BEGIN
  PERFORM FROM "UsageMonthly" mo WHERE mo."accountId" = acct AND mo."endpoint" = ep AND mo."month" = mon FOR UPDATE;
  DELETE FROM "CallHold" ch WHERE ch."id" = call_id;
END
$$ LANGUAGE plpgsql;
