-- CreateEnum
CREATE TYPE "BillingMode" AS ENUM ('postpaid', 'prepaid');

-- CreateEnum
CREATE TYPE "CreditEntryKind" AS ENUM ('purchase', 'recharge', 'grant', 'refund', 'expiry');

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "billingMode" "BillingMode" NOT NULL DEFAULT 'postpaid',
ADD COLUMN     "creditBalanceMicros" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "UsageMonthly" ADD COLUMN     "creditMicros" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "CreditEntry" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" "CreditEntryKind" NOT NULL,
    "amountMicros" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3),
    "expiredLotId" TEXT,
    "reason" TEXT,
    "createdBy" TEXT,
    "paymentIntentId" TEXT,

    CONSTRAINT "CreditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CreditEntry_expiredLotId_key" ON "CreditEntry"("expiredLotId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditEntry_paymentIntentId_key" ON "CreditEntry"("paymentIntentId");

-- CreateIndex
CREATE INDEX "CreditEntry_accountId_createdAt_idx" ON "CreditEntry"("accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
