-- AlterTable
ALTER TABLE "users" ADD COLUMN     "bindings" JSONB;
