-- CreateTable
CREATE TABLE "bulk_jobs" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "state" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "runner" TEXT NOT NULL,
    "heartbeat_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "bulk_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bulk_job_results" (
    "job_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "at" TIMESTAMP(3),

    CONSTRAINT "bulk_job_results_pkey" PRIMARY KEY ("job_id","seq")
);

-- CreateIndex
CREATE INDEX "bulk_jobs_created_at_idx" ON "bulk_jobs"("created_at");

-- CreateIndex
CREATE INDEX "bulk_jobs_state_idx" ON "bulk_jobs"("state");

-- CreateIndex
CREATE INDEX "bulk_job_results_job_id_outcome_idx" ON "bulk_job_results"("job_id", "outcome");

-- AddForeignKey
ALTER TABLE "bulk_job_results" ADD CONSTRAINT "bulk_job_results_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "bulk_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
