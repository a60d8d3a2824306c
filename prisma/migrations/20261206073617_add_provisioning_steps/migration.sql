-- DropIndex
DROP INDEX "hardware_events_mac_at_idx";

-- AlterTable
ALTER TABLE "hardware_events" ADD COLUMN     "detail" JSONB,
ADD COLUMN     "run" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "step" TEXT;

-- CreateIndex
CREATE INDEX "hardware_events_mac_id_idx" ON "hardware_events"("mac", "id");

-- History is bounded per MAC from now on (HISTORY_PER_MAC in server/boot/hardware-sql.ts); existing rows too.
DELETE FROM "hardware_events" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "mac" ORDER BY "id" DESC) AS "newer" FROM "hardware_events"
  ) AS "ranked" WHERE "newer" > 200
);
