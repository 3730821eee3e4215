-- AlterEnum
ALTER TYPE "UserTokenPurpose" ADD VALUE 'account_recovery';
