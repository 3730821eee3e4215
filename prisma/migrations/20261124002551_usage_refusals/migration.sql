-- CreateTable
CREATE TABLE "UsageRefusal" (
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "UsageRefusal_pkey" PRIMARY KEY ("accountId","apiKeyId","endpoint","status","minute")
);

-- AddForeignKey
ALTER TABLE "UsageRefusal" ADD CONSTRAINT "UsageRefusal_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
