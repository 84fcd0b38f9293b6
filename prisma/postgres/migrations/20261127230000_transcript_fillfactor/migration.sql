-- Hand-written: a tenth of each page of "Transcript" is left free, so that a rewrite of a stored
-- transcript's content (a redaction, a re-sync), which changes no indexed column, can put the new
-- row version in the same page (a HOT update) and add no entry to the table's six indexes. It holds
-- for the pages written from now on. The figures are in lib/server/store/DESIGN.md.
ALTER TABLE "Transcript" SET (fillfactor = 90);
