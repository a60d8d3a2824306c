-- CreateTable
CREATE TABLE "boot_profiles" (
    "name" TEXT NOT NULL,
    "installer" TEXT NOT NULL,
    "kernel" TEXT NOT NULL,
    "initrds" TEXT[],
    "kernel_args" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "image_sha256" TEXT,
    "image_format" TEXT,
    "image_bytes" BIGINT,
    "root_device_hints" JSONB,
    "wipe_mode" TEXT,
    "files" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "boot_profiles_pkey" PRIMARY KEY ("name")
);
