-- AlterTable
ALTER TABLE "User" ADD COLUMN     "keptSessionId" TEXT;
