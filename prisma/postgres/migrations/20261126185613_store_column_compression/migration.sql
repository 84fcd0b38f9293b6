-- The store's large values (a transcript's source, the longer search texts) are compressed with lz4
-- rather than pglz: faster to store and to read back (lib/server/store/DESIGN.md). A column setting,
-- so that it holds on any connection, through any pooling proxy.
ALTER TABLE "Transcript" ALTER COLUMN "source" SET COMPRESSION lz4;
ALTER TABLE "TranscriptText" ALTER COLUMN "text" SET COMPRESSION lz4;
