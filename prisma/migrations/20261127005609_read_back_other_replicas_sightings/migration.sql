-- DropIndex
DROP INDEX "hardware_flushed_at_idx";

-- AlterTable
ALTER TABLE "hardware" ADD COLUMN     "flushed_by" TEXT;

-- CreateIndex
CREATE INDEX "hardware_flushed_at_mac_idx" ON "hardware"("flushed_at", "mac");
