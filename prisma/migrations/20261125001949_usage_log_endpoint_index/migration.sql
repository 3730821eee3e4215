-- CreateIndex
CREATE INDEX "UsageEvent_accountId_endpoint_createdAt_id_idx" ON "UsageEvent"("accountId", "endpoint", "createdAt", "id");
