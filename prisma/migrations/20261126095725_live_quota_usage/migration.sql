-- CreateTable
CREATE TABLE "LiveQuotaUsage" (
    "family" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "units" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveQuotaUsage_pkey" PRIMARY KEY ("family","day")
);
