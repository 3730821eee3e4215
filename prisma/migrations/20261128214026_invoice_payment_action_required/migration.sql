-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "paymentActionRequired" BOOLEAN NOT NULL DEFAULT false;
