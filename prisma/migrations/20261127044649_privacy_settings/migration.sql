-- CreateTable
CREATE TABLE "PrivacySettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "redact" TEXT NOT NULL,
    "customPatterns" TEXT NOT NULL,
    "retentionDays" INTEGER,
    "version" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

