-- AlterTable
ALTER TABLE "users" ADD COLUMN     "oidc_issuer" TEXT,
ADD COLUMN     "oidc_subject" TEXT,
ALTER COLUMN "password_hash" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "users_oidc_issuer_oidc_subject_key" ON "users"("oidc_issuer", "oidc_subject");
