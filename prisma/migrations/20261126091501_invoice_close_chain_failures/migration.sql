-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "carriedFromId" TEXT,
ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "dueAt" TIMESTAMP(3),
ADD COLUMN     "stripeCarryItemId" TEXT,
ADD COLUMN     "stripeRoundingItemId" TEXT;

-- CreateTable
CREATE TABLE "MonthCloseFailure" (
    "accountId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "error" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "firstFailedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastFailedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "MonthCloseFailure_pkey" PRIMARY KEY ("accountId","month")
);

-- CreateIndex
CREATE INDEX "MonthCloseFailure_resolvedAt_idx" ON "MonthCloseFailure"("resolvedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_carriedFromId_key" ON "Invoice"("carriedFromId");

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_carriedFromId_fkey" FOREIGN KEY ("carriedFromId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonthCloseFailure" ADD CONSTRAINT "MonthCloseFailure_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing invoices: each account's invoices chained in the order they were made, and every
-- invoice past draft counted as closed (a draft is resumed by the next close or sweep).
UPDATE "Invoice" i SET "carriedFromId" = p."previousId"
FROM (SELECT "id", LAG("id") OVER (PARTITION BY "accountId" ORDER BY "createdAt", "month", "sequence") AS "previousId" FROM "Invoice") p
WHERE p."id" = i."id" AND p."previousId" IS NOT NULL;
UPDATE "Invoice" SET "closedAt" = COALESCE("finalizedAt", "createdAt") WHERE "status" <> 'draft';
