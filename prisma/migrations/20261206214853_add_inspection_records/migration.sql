-- CreateTable
CREATE TABLE "inspection_records" (
    "id" BIGSERIAL NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "resource_version" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hardware" JSONB NOT NULL,
    "changes" JSONB,
    "lost" BOOLEAN NOT NULL DEFAULT false,
    "acknowledged_at" TIMESTAMP(3),
    "acknowledged_by" TEXT,

    CONSTRAINT "inspection_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inspection_records_namespace_name_id_idx" ON "inspection_records"("namespace", "name", "id");

-- CreateIndex
CREATE INDEX "inspection_records_lost_id_idx" ON "inspection_records"("lost", "id");
