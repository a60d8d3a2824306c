-- CreateTable
CREATE TABLE "hardware" (
    "mac" TEXT NOT NULL,
    "vendor" TEXT,
    "first_seen" TIMESTAMP(3) NOT NULL,
    "last_seen" TIMESTAMP(3) NOT NULL,
    "boot_count" INTEGER NOT NULL DEFAULT 0,
    "last_ip" TEXT,
    "uuid" TEXT,
    "serial" TEXT,
    "reported_hostname" TEXT,
    "state" TEXT NOT NULL DEFAULT 'unleased',
    "claim_uid" TEXT,
    "claim_namespace" TEXT,
    "claim_name" TEXT,
    "claimed_at" TIMESTAMP(3),
    "token_hash" TEXT,
    "token_issued_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "finished_at" TIMESTAMP(3),
    "failure_reason" TEXT,
    "failure_message" TEXT,
    "state_changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hardware_pkey" PRIMARY KEY ("mac")
);

-- CreateTable
CREATE TABLE "ip_leases" (
    "pool" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "holder_namespace" TEXT NOT NULL,
    "holder_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ip_leases_pkey" PRIMARY KEY ("pool","ip")
);

-- CreateTable
CREATE TABLE "hardware_events" (
    "id" BIGSERIAL NOT NULL,
    "mac" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL,
    "machine" TEXT,
    "message" TEXT,

    CONSTRAINT "hardware_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "hardware_claim_uid_key" ON "hardware"("claim_uid");

-- CreateIndex
CREATE INDEX "hardware_state_last_seen_idx" ON "hardware"("state", "last_seen");

-- CreateIndex
CREATE UNIQUE INDEX "ip_leases_pool_holder_namespace_holder_name_key" ON "ip_leases"("pool", "holder_namespace", "holder_name");

-- CreateIndex
CREATE INDEX "hardware_events_mac_at_idx" ON "hardware_events"("mac", "at");
