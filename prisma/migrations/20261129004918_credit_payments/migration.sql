-- CreateEnum
CREATE TYPE "CreditPaymentStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "CreditPayment" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" "CreditEntryKind" NOT NULL,
    "amountMicros" BIGINT NOT NULL,
    "checkoutSessionId" TEXT,
    "paymentIntentId" TEXT,
    "status" "CreditPaymentStatus" NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "CreditPayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CreditPayment_checkoutSessionId_key" ON "CreditPayment"("checkoutSessionId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditPayment_paymentIntentId_key" ON "CreditPayment"("paymentIntentId");

-- CreateIndex
CREATE INDEX "CreditPayment_status_createdAt_idx" ON "CreditPayment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CreditPayment_accountId_createdAt_idx" ON "CreditPayment"("accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "CreditPayment" ADD CONSTRAINT "CreditPayment_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
