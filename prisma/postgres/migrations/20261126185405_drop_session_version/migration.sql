-- AlterTable
ALTER TABLE "User" DROP COLUMN "sessionVersion";

