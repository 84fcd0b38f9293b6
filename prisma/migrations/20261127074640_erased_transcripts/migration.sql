-- CreateTable
CREATE TABLE "ErasedTranscript" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "erasedAt" DATETIME NOT NULL
);

