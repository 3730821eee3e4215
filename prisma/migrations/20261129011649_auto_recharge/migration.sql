-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "autoRechargeAmountMicros" BIGINT,
ADD COLUMN     "autoRechargeEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "autoRechargeMonthlyLimitMicros" BIGINT,
ADD COLUMN     "autoRechargeStoppedAt" TIMESTAMP(3),
ADD COLUMN     "autoRechargeStoppedReason" TEXT,
ADD COLUMN     "autoRechargeThresholdMicros" BIGINT;
