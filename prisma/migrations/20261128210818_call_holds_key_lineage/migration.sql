-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "rootKeyId" TEXT;

-- AlterTable
ALTER TABLE "UsageMonthly" DROP COLUMN "reservedAt",
DROP COLUMN "reservedFree";

-- DropTable
DROP TABLE "SpendReservation";

-- CreateTable
CREATE TABLE "CallHold" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT,
    "endpoint" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "month" TEXT NOT NULL,
    "freeUnits" INTEGER NOT NULL DEFAULT 0,
    "micros" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CallHold_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpendingCapReached" (
    "accountId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "periodLabel" TEXT NOT NULL,
    "capMicros" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpendingCapReached_pkey" PRIMARY KEY ("accountId","period","periodLabel","capMicros")
);

-- CreateIndex
CREATE INDEX "CallHold_accountId_endpoint_month_idx" ON "CallHold"("accountId", "endpoint", "month");
