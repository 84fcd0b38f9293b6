-- The word indexes delete securely: an entry deleted from an FTS5 index is removed from the index's
-- segments at once, not only marked deleted until a merge, so that an erased transcript's words and
-- those unlisted with it leave the file (with PRAGMA secure_delete on every connection, which zeroes
-- the freed bytes: lib/server/store/sqlite/connection.ts). Entries written before stay in their
-- segments until those are merged, as before.
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('secure-delete', 1);
INSERT INTO "SearchWordFragments"("SearchWordFragments", rank) VALUES ('secure-delete', 1);
