-- CreateTable
CREATE TABLE "ErasedTranscript" (
    "id" TEXT NOT NULL,
    "erasedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ErasedTranscript_pkey" PRIMARY KEY ("id")
);

