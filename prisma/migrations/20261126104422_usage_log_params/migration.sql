-- AlterTable
ALTER TABLE "UsageEvent" ADD COLUMN     "params" TEXT;
