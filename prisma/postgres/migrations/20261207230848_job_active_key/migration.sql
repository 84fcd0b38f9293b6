-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "activeKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Job_activeKey_key" ON "Job"("activeKey");

