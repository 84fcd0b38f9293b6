-- PostgreSQL counts the texts holding a common word from a compact copy of which common ("dense")
-- words each text holds (lib/transcripts/dense-words.ts, lib/server/transcripts/dense-words.ts):
-- counting a word in a third of the texts through the word index reads a third of the range's rows,
-- with all their word ids, where this reads a 72-byte index entry per text. Hand-written: PostgreSQL's own
-- objects, not in schema.prisma, written and read by the store alone.
--
-- DenseWord gives each dense word one of 512 bits for good. TranscriptDenseWords holds, for every
-- text, its bits in eight signed 64-bit columns (bit b in column b / 64, at b % 64), included in the
-- key's index so that counting a range reads the index alone.

CREATE TABLE "DenseWord" (
    "bit" SMALLINT NOT NULL,
    "wordId" INTEGER NOT NULL,

    CONSTRAINT "DenseWord_pkey" PRIMARY KEY ("bit"),
    CONSTRAINT "DenseWord_bit_check" CHECK ("bit" BETWEEN 0 AND 511),
    CONSTRAINT "DenseWord_wordId_fkey" FOREIGN KEY ("wordId") REFERENCES "SearchWord"("id")
);
CREATE UNIQUE INDEX "DenseWord_wordId_key" ON "DenseWord"("wordId");

CREATE TABLE "TranscriptDenseWords" (
    "sortKey" BIGINT NOT NULL,
    "b0" BIGINT NOT NULL DEFAULT 0,
    "b1" BIGINT NOT NULL DEFAULT 0,
    "b2" BIGINT NOT NULL DEFAULT 0,
    "b3" BIGINT NOT NULL DEFAULT 0,
    "b4" BIGINT NOT NULL DEFAULT 0,
    "b5" BIGINT NOT NULL DEFAULT 0,
    "b6" BIGINT NOT NULL DEFAULT 0,
    "b7" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "TranscriptDenseWords_pkey" PRIMARY KEY ("sortKey") INCLUDE ("b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7"),
    CONSTRAINT "TranscriptDenseWords_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "TranscriptText"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The texts already stored: their most common words (in 2 % of the texts or more, from the column's
-- statistics, once there are 1,000 texts to tell) become dense, and every text gets its bits.
ANALYZE "TranscriptText";

INSERT INTO "DenseWord" ("bit", "wordId")
SELECT (row_number() OVER (ORDER BY s."share" DESC, s."wordId") - 1)::smallint, s."wordId"
FROM (
    SELECT unnest(most_common_elems::text::integer[]) AS "wordId", unnest(most_common_elem_freqs) AS "share"
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'TranscriptText' AND attname = 'words'
) s
JOIN "SearchWord" w ON w."id" = s."wordId"
WHERE s."share" >= 0.02 AND (SELECT count(*) FROM "TranscriptText") >= 1000
ORDER BY s."share" DESC, s."wordId"
LIMIT 512;

INSERT INTO "TranscriptDenseWords" ("sortKey", "b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7")
SELECT t."sortKey",
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 0), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 1), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 2), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 3), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 4), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 5), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 6), 0),
    coalesce(bit_or(1::bigint << (d."bit" % 64)) FILTER (WHERE d."bit" / 64 = 7), 0)
FROM "TranscriptText" t
LEFT JOIN LATERAL unnest(t."words") AS w("id") ON true
LEFT JOIN "DenseWord" d ON d."wordId" = w."id"
GROUP BY t."sortKey";
