-- AlterTable
ALTER TABLE "users" DROP COLUMN "failed_logins",
DROP COLUMN "locked_until";

-- CreateTable
CREATE TABLE "signin_address_limits" (
    "address" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "signin_address_limits_pkey" PRIMARY KEY ("address")
);

-- CreateTable
CREATE TABLE "signin_account_delays" (
    "username" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "streak_started_at" TIMESTAMPTZ(3) NOT NULL,
    "last_failure_at" TIMESTAMPTZ(3),
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "signin_account_delays_pkey" PRIMARY KEY ("username")
);

-- CreateTable
CREATE TABLE "signin_known_addresses" (
    "user_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "first_success_at" TIMESTAMPTZ(3) NOT NULL,
    "last_success_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "signin_known_addresses_pkey" PRIMARY KEY ("user_id","address")
);

-- CreateIndex
CREATE INDEX "signin_account_delays_last_failure_at_idx" ON "signin_account_delays"("last_failure_at");

-- CreateIndex
CREATE INDEX "signin_known_addresses_last_success_at_idx" ON "signin_known_addresses"("last_success_at");

-- AddForeignKey
ALTER TABLE "signin_known_addresses" ADD CONSTRAINT "signin_known_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
