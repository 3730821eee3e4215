-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_expiredLotId_fkey" FOREIGN KEY ("expiredLotId") REFERENCES "CreditEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
