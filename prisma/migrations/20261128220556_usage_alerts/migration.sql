-- CreateEnum
CREATE TYPE "UsageAlertMetric" AS ENUM ('spend', 'units');

-- CreateEnum
CREATE TYPE "UsageAlertPeriod" AS ENUM ('day', 'month');

-- CreateEnum
CREATE TYPE "UsageAlertBasis" AS ENUM ('cap', 'key_limit', 'amount');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AccountEventType" ADD VALUE 'usage_alert';
ALTER TYPE "AccountEventType" ADD VALUE 'key_expiring';

-- CreateTable
CREATE TABLE "UsageAlert" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT,
    "endpoint" TEXT,
    "metric" "UsageAlertMetric" NOT NULL,
    "period" "UsageAlertPeriod" NOT NULL,
    "basis" "UsageAlertBasis" NOT NULL,
    "amount" BIGINT,
    "thresholds" INTEGER[],
    "builtIn" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageAlertFiring" (
    "id" TEXT NOT NULL,
    "alertId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "value" BIGINT NOT NULL,
    "base" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageAlertFiring_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKeyExpiryNotice" (
    "apiKeyId" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKeyExpiryNotice_pkey" PRIMARY KEY ("apiKeyId","stage","expiresAt")
);

-- CreateIndex
CREATE INDEX "UsageAlert_accountId_idx" ON "UsageAlert"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "UsageAlert_accountId_builtIn_key" ON "UsageAlert"("accountId", "builtIn");

-- CreateIndex
CREATE UNIQUE INDEX "UsageAlertFiring_alertId_period_threshold_key" ON "UsageAlertFiring"("alertId", "period", "threshold");

-- AddForeignKey
ALTER TABLE "UsageAlert" ADD CONSTRAINT "UsageAlert_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageAlert" ADD CONSTRAINT "UsageAlert_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageAlertFiring" ADD CONSTRAINT "UsageAlertFiring_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "UsageAlert"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyExpiryNotice" ADD CONSTRAINT "ApiKeyExpiryNotice_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
