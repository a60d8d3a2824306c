-- AlterTable
ALTER TABLE "hardware" ADD COLUMN     "flushed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "rate_balances" (
    "limiter" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_balances_pkey" PRIMARY KEY ("limiter","address")
);

-- CreateIndex
CREATE INDEX "hardware_flushed_at_idx" ON "hardware"("flushed_at");

-- CreateIndex
CREATE INDEX "rate_balances_limiter_updated_at_idx" ON "rate_balances"("limiter", "updated_at");
