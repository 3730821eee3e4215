-- The refusal tallies keep the error code answered, so a key limit, a daily cap and a concurrency
-- refusal (all 429) are told apart. Tallies written before have an empty code, except those of
-- status 402, whose only code is payment_required. The record_usage of prisma/functions.sql,
-- applied right after the migrations, writes the code and conflicts on the new key.

-- AlterTable
ALTER TABLE "UsageRefusal" DROP CONSTRAINT "UsageRefusal_pkey",
ADD COLUMN     "code" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "UsageRefusal_pkey" PRIMARY KEY ("accountId", "apiKeyId", "endpoint", "status", "code", "minute");

UPDATE "UsageRefusal" SET "code" = 'payment_required' WHERE "status" = 402 AND "code" = '';
