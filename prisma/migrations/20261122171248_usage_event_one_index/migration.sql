-- DropIndex
DROP INDEX "UsageEvent_accountId_endpoint_createdAt_idx";
