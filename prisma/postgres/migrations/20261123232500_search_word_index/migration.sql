-- PostgreSQL finds the texts holding a search through a word index instead of a trigram index on
-- the texts (lib/server/transcripts/word-index.ts). Hand-written: these objects are PostgreSQL's
-- own and not in schema.prisma, and the store (lib/server/transcripts) is their only reader and writer.
--
-- SearchWord lists every word ever stored (a word: a run of characters between ASCII characters
-- that are neither letters nor digits, lib/transcripts/search-words.ts), and TranscriptText.words holds
-- the ids of its text's words, 0 marking a word too long to list (over 100 characters). A search
-- looks up the listed words that can hold each of its words, then the texts holding them. Unlike
-- pg_trgm's index, the word index tells which texts hold a word without reading them, and costs far
-- less to keep up: about a tenth of the trigram index's time per stored text.

CREATE TABLE "SearchWord" (
    "id" SERIAL NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("id")
);

-- Exact words and prefixes (C collation: LIKE 'abc%' is a range of this index), fragments of three
-- or more characters (trigrams), and suffixes (reversed words).
CREATE UNIQUE INDEX "SearchWord_word_key" ON "SearchWord"("word");
CREATE INDEX "SearchWord_word_trgm_idx" ON "SearchWord" USING gin ("word" gin_trgm_ops);
CREATE INDEX "SearchWord_reversed_word_idx" ON "SearchWord"(reverse("word"));

-- The words of the texts already stored, split as the store splits them.
INSERT INTO "SearchWord" ("word")
SELECT DISTINCT "word" FROM "TranscriptText", regexp_split_to_table("text", '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+') AS "word"
WHERE "word" <> '' AND length("word") <= 100
ORDER BY 1;

ALTER TABLE "TranscriptText" ADD COLUMN "words" INTEGER[];

UPDATE "TranscriptText" SET "words" = ARRAY(
    SELECT DISTINCT coalesce(w."id", 0)
    FROM regexp_split_to_table("text", '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+') AS t("word")
    LEFT JOIN "SearchWord" w ON w."word" = t."word"
    WHERE t."word" <> ''
);

ALTER TABLE "TranscriptText" ALTER COLUMN "words" SET NOT NULL;

DROP INDEX "TranscriptText_text_trgm_idx";

CREATE INDEX "TranscriptText_words_idx" ON "TranscriptText" USING gin ("words");
