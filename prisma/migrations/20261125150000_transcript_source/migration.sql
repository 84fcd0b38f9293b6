-- A transcript keeps the record as received instead of its normalised dialog (schema.prisma,
-- Transcript.source). Existing rows keep their dialog, which the reader still understands.
ALTER TABLE "Transcript" RENAME COLUMN "dialog" TO "source";
