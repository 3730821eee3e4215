-- AlterTable
ALTER TABLE "UsageMonthly" ADD COLUMN     "reservedAt" TIMESTAMP(3);
