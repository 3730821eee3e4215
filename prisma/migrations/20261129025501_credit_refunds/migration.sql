-- AlterTable
ALTER TABLE "CreditEntry" ADD COLUMN     "refundOfId" TEXT,
ADD COLUMN     "stripeRefundId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "CreditEntry_stripeRefundId_key" ON "CreditEntry"("stripeRefundId");

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_refundOfId_fkey" FOREIGN KEY ("refundOfId") REFERENCES "CreditEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
