-- CreateTable
CREATE TABLE "SpendReservation" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "month" TEXT NOT NULL,
    "micros" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpendReservation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SpendReservation_accountId_idx" ON "SpendReservation"("accountId");
