-- CreateIndex
CREATE INDEX "Transcript_device_sortKey_idx" ON "Transcript"("device", "sortKey");

-- CreateIndex
CREATE INDEX "Transcript_os_sortKey_idx" ON "Transcript"("os", "sortKey");

-- CreateIndex
CREATE INDEX "Transcript_browser_sortKey_idx" ON "Transcript"("browser", "sortKey");

