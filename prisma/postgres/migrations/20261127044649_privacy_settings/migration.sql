-- CreateTable
CREATE TABLE "PrivacySettings" (
    "id" INTEGER NOT NULL,
    "redact" TEXT NOT NULL,
    "customPatterns" TEXT NOT NULL,
    "retentionDays" INTEGER,
    "version" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PrivacySettings_pkey" PRIMARY KEY ("id")
);

