-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "noPaymentMethodAt" TIMESTAMP(3),
ADD COLUMN     "overdueAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "MonthCloseLease" (
    "accountId" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "acquiredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MonthCloseLease_pkey" PRIMARY KEY ("accountId")
);
