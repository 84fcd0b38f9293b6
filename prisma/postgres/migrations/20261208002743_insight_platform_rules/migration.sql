-- AlterTable
ALTER TABLE "InsightSettings" ADD COLUMN     "platformRules" TEXT NOT NULL DEFAULT '{}';

