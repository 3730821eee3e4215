-- DropIndex
DROP INDEX "UsageEvent_accountId_createdAt_idx";

-- AlterTable
ALTER TABLE "UsageEvent" ADD COLUMN     "code" TEXT;

-- CreateIndex
CREATE INDEX "UsageEvent_accountId_createdAt_id_idx" ON "UsageEvent"("accountId", "createdAt", "id");

-- The daily rollup began with the spending caps: rebuild it from the ledger rows so that
-- months before then are in it too (the rows hold every recorded call, so this is exact).
DELETE FROM "UsageDaily";
INSERT INTO "UsageDaily" ("accountId", "apiKeyId", "endpoint", "day", "requests", "units", "freeUnits", "sentimentUnits", "amountMicros")
SELECT e."accountId", COALESCE(e."apiKeyId", ''), e."endpoint", e."createdAt"::date,
       COUNT(*)::int, SUM(e."units")::int, SUM(e."freeUnits")::int,
       COALESCE(SUM(e."units" - e."freeUnits") FILTER (WHERE e."sentiment"), 0)::int, SUM(e."amountMicros")::bigint
FROM "UsageEvent" e
GROUP BY 1, 2, 3, 4;
