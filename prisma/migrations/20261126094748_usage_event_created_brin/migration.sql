-- CreateIndex
CREATE INDEX "UsageEvent_createdAt_idx" ON "UsageEvent" USING BRIN ("createdAt");
