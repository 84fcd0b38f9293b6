-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InsightSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "fallbackPhrases" TEXT NOT NULL,
    "handoffPhrases" TEXT NOT NULL,
    "platformRules" TEXT NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_InsightSettings" ("fallbackPhrases", "handoffPhrases", "id", "updatedAt", "version") SELECT "fallbackPhrases", "handoffPhrases", "id", "updatedAt", "version" FROM "InsightSettings";
DROP TABLE "InsightSettings";
ALTER TABLE "new_InsightSettings" RENAME TO "InsightSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

