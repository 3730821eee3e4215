-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "dailyCapMicros" BIGINT,
ADD COLUMN     "monthlyCapMicros" BIGINT;

-- CreateTable
CREATE TABLE "UsageDaily" (
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,
    "freeUnits" INTEGER NOT NULL DEFAULT 0,
    "sentimentUnits" INTEGER NOT NULL DEFAULT 0,
    "amountMicros" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "UsageDaily_pkey" PRIMARY KEY ("accountId","day","apiKeyId","endpoint")
);

-- AddForeignKey
ALTER TABLE "UsageDaily" ADD CONSTRAINT "UsageDaily_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
