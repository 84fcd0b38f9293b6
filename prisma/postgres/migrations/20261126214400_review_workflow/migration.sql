-- CreateTable
CREATE TABLE "TranscriptReview" (
    "sortKey" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'unreviewed',
    "assigneeId" TEXT,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TranscriptReview_pkey" PRIMARY KEY ("sortKey")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TranscriptTag" (
    "tagId" TEXT NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TranscriptTag_pkey" PRIMARY KEY ("tagId","sortKey")
);

-- CreateTable
CREATE TABLE "TranscriptNote" (
    "id" TEXT NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "authorId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TranscriptNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedView" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "query" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedView_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TranscriptReview_status_sortKey_idx" ON "TranscriptReview"("status", "sortKey");

-- CreateIndex
CREATE INDEX "TranscriptReview_assigneeId_sortKey_idx" ON "TranscriptReview"("assigneeId", "sortKey");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_name_key" ON "Tag"("name");

-- CreateIndex
CREATE INDEX "TranscriptTag_sortKey_idx" ON "TranscriptTag"("sortKey");

-- CreateIndex
CREATE INDEX "TranscriptNote_sortKey_createdAt_idx" ON "TranscriptNote"("sortKey", "createdAt");

-- CreateIndex
CREATE INDEX "SavedView_ownerId_createdAt_idx" ON "SavedView"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "SavedView_shared_createdAt_idx" ON "SavedView"("shared", "createdAt");

-- AddForeignKey
ALTER TABLE "TranscriptReview" ADD CONSTRAINT "TranscriptReview_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptReview" ADD CONSTRAINT "TranscriptReview_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptReview" ADD CONSTRAINT "TranscriptReview_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptTag" ADD CONSTRAINT "TranscriptTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptTag" ADD CONSTRAINT "TranscriptTag_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptNote" ADD CONSTRAINT "TranscriptNote_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptNote" ADD CONSTRAINT "TranscriptNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedView" ADD CONSTRAINT "SavedView_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

