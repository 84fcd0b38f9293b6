-- Words ending in two given characters (a query word of two characters with a separator after it,
-- as "nw" in "nw-5"): the trigram index serves three characters or more, this index two.
CREATE INDEX "SearchWord_last_two_characters_idx" ON "SearchWord"(substr("word", -2));
