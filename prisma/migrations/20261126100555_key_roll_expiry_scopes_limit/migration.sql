-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ApiKeyEventType" ADD VALUE 'rolled';
ALTER TYPE "ApiKeyEventType" ADD VALUE 'expiry_changed';
ALTER TYPE "ApiKeyEventType" ADD VALUE 'limit_changed';

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "monthlyLimitMicros" BIGINT,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "SpendReservation" ADD COLUMN     "apiKeyId" TEXT;
