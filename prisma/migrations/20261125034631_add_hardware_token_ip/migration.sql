-- AlterTable
ALTER TABLE "hardware" ADD COLUMN     "token_ip" TEXT;
