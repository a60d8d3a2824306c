-- A MAC is bound to the address it was first sighted from (docs/security.md §15). For existing rows the
-- last address seen is the best binding there is; a live token issued to another address is revoked.
UPDATE "hardware" SET "token_hash" = NULL WHERE "token_ip" IS DISTINCT FROM "last_ip";

ALTER TABLE "hardware" RENAME COLUMN "last_ip" TO "bound_ip";

-- AlterTable
ALTER TABLE "hardware" DROP COLUMN "token_ip",
ADD COLUMN     "bound_at" TIMESTAMP(3),
ADD COLUMN     "conflict_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "conflict_first_seen" TIMESTAMP(3),
ADD COLUMN     "conflict_ip" TEXT,
ADD COLUMN     "conflict_last_seen" TIMESTAMP(3);

UPDATE "hardware" SET "bound_at" = "first_seen" WHERE "bound_ip" IS NOT NULL;
