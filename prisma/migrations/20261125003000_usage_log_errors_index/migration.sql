-- The request log filtered to errors (4xx or 5xx, alone or with a key): errors are a small share
-- of calls, so a partial index on them, led by the status class, finds a page (or finds that
-- there is none) without walking every success of a heavy account, and costs a write only for
-- the rare call that failed. (Prisma cannot declare a partial or expression index: it lives
-- here, and the schema notes it.)
CREATE INDEX "UsageEvent_errors_idx" ON "UsageEvent"("accountId", ("status" / 100), "createdAt", "id") WHERE "status" >= 400;
