import "server-only";
import type { StoredText, WriteTransaction } from "../database";
import { integerArrayLiteral, sql, sqlText, toNumber } from "../sql";
import { SORT_KEY_SPREAD } from "../sort-key";
import type { TextsWords } from "../search-words";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { denseDayCountChanges, denseWordsWithin } from "./dense-bits";

/** Keys per UTC day: a key's day is floor(sortKey / DAY_KEYS). */
const DAY_KEYS = DAY_MS * SORT_KEY_SPREAD;

/**
 * Before the store deletes these texts (with their words, as wordsOfTexts splits them): takes them
 * out of the dense words' day counts here, by their words as the save does for the texts it
 * replaces, and tells the trigger on TranscriptText that this transaction's deleted texts are
 * counted out (the trigger would test each deleted text against each counted word in SQL: most of a
 * deletion's time). Other deletions of texts are still counted out by the trigger.
 */
export async function countOutTextsBeforeDelete(tx: WriteTransaction, texts: readonly StoredText[], textsWords: TextsWords): Promise<void> {
  await tx.execute(sqlText(`SET LOCAL "portal.deleted_texts_counted" = 'on'`));
  if (texts.length === 0) return;
  const counted = await tx.query<{ word: string; bit: unknown }>(sql`
    SELECT w."word", d."bit" FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId" WHERE d."dayCounted"`);
  if (counted.length === 0) return;
  // The dense words within each distinct word are worked out once, by its position in the list of
  // distinct words.
  const { words, starts, positions } = textsWords;
  const withinWord = denseWordsWithin(new Map(counted.map((row) => [row.word, toNumber(row.bit)])));
  const changes = denseDayCountChanges(
    texts.map((text, index) => ({
      day: Math.floor(text.sortKey / DAY_KEYS),
      words: Array.from(positions.subarray(starts[index], starts[index + 1])),
      sign: -1 as const,
    })),
    (position: number) => withinWord(words[position]),
  );
  if (changes.length === 0) return;
  await tx.execute(sql`
    INSERT INTO "DenseWordDayCount" ("bit", "day", "count")
    SELECT * FROM unnest(${integerArrayLiteral(changes.map((entry) => entry.bit))}::smallint[], ${integerArrayLiteral(changes.map((entry) => entry.day))}::integer[], ${integerArrayLiteral(changes.map((entry) => entry.change))}::integer[])
    ON CONFLICT ("bit", "day") DO UPDATE SET "count" = "DenseWordDayCount"."count" + excluded."count"`);
}
