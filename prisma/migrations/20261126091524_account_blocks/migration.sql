-- CreateEnum
CREATE TYPE "AccountBlockCause" AS ENUM ('dispute', 'unpaid_invoice', 'overdue_invoice', 'operator');

-- CreateEnum
CREATE TYPE "AccountEventType" AS ENUM ('blocked', 'unblocked');

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "blockedCauses" "AccountBlockCause"[] DEFAULT ARRAY[]::"AccountBlockCause"[],
ADD COLUMN     "blockedDueCents" INTEGER;

-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "onceKey" TEXT;

-- CreateTable
CREATE TABLE "AccountBlock" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "cause" "AccountBlockCause" NOT NULL,
    "invoiceId" TEXT,
    "stripeDisputeId" TEXT,
    "amountCents" INTEGER,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "liftedAt" TIMESTAMP(3),
    "liftedBy" TEXT,

    CONSTRAINT "AccountBlock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccountEvent" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "type" "AccountEventType" NOT NULL,
    "detail" TEXT NOT NULL,
    "actorLabel" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountBlock_stripeDisputeId_key" ON "AccountBlock"("stripeDisputeId");

-- CreateIndex
CREATE INDEX "AccountBlock_accountId_liftedAt_idx" ON "AccountBlock"("accountId", "liftedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AccountBlock_invoiceId_cause_key" ON "AccountBlock"("invoiceId", "cause");

-- CreateIndex
CREATE INDEX "AccountEvent_accountId_createdAt_idx" ON "AccountEvent"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MailMessage_onceKey_to_key" ON "MailMessage"("onceKey", "to");

-- AddForeignKey
ALTER TABLE "AccountBlock" ADD CONSTRAINT "AccountBlock_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountBlock" ADD CONSTRAINT "AccountBlock_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountEvent" ADD CONSTRAINT "AccountEvent_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: today's blocks as typed causes. A lost dispute was known only by its reason's words
-- ("A payment was disputed and the dispute was lost (du_…)"), and every unpaid invoice (open with a
-- failed attempt, or uncollectible) is a block of its own. Then the derived columns.
INSERT INTO "AccountBlock" ("id", "accountId", "cause", "stripeDisputeId", "createdAt")
SELECT 'mig_' || md5(a."id" || ':dispute'), a."id", 'dispute', substring(a."blockedReason" from '\((du_[A-Za-z0-9]+)\)'), COALESCE(a."blockedAt", CURRENT_TIMESTAMP)
FROM "Account" a
WHERE a."blockedReason" LIKE 'A payment was disputed%';

INSERT INTO "AccountBlock" ("id", "accountId", "cause", "invoiceId", "createdAt")
SELECT 'mig_' || md5(i."id" || ':unpaid'), i."accountId", 'unpaid_invoice', i."id", COALESCE(a."blockedAt", CURRENT_TIMESTAMP)
FROM "Invoice" i JOIN "Account" a ON a."id" = i."accountId"
WHERE i."status" = 'uncollectible' OR (i."status" = 'open' AND i."attemptCount" > 0);

UPDATE "Account" a SET
  "blockedAt" = COALESCE(a."blockedAt", CURRENT_TIMESTAMP),
  "blockedCauses" = b."causes",
  "blockedDueCents" = COALESCE((SELECT SUM(i."amountCents") FROM "Invoice" i WHERE i."accountId" = a."id" AND i."status" IN ('open', 'uncollectible')), 0)::int
FROM (SELECT "accountId", array_agg(DISTINCT "cause") AS "causes" FROM "AccountBlock" WHERE "liftedAt" IS NULL GROUP BY "accountId") b
WHERE b."accountId" = a."id";
