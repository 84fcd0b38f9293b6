import "server-only";
import type { WriteTransaction } from "../database";
import { integerArrayLiteral, join, sql, sqlText, toNumber } from "../sql";
import { SORT_KEY_SPREAD } from "../sort-key";
import { wordsOfTexts } from "../search-words";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { denseDayCountChanges, denseWordsWithin } from "./dense-bits";

/** Keys per UTC day: a key's day is floor(sortKey / DAY_KEYS). */
const DAY_KEYS = DAY_MS * SORT_KEY_SPREAD;

/**
 * Before the store deletes the transcripts of these keys: takes their texts out of the dense words'
 * day counts here, by their words as the save does for the texts it replaces, and tells the trigger
 * on TranscriptText that this transaction's deleted texts are counted out (the trigger would test
 * each deleted text against each counted word in SQL: most of a deletion's time). Other deletions
 * of texts are still counted out by the trigger.
 */
export async function countOutTextsBeforeDelete(tx: WriteTransaction, sortKeys: readonly number[]): Promise<void> {
  await tx.execute(sqlText(`SET LOCAL "portal.deleted_texts_counted" = 'on'`));
  if (sortKeys.length === 0) return;
  const counted = await tx.query<{ word: string; bit: unknown }>(sql`
    SELECT w."word", d."bit" FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId" WHERE d."dayCounted"`);
  if (counted.length === 0) return;
  const texts = await tx.query<{ sortKey: unknown; text: string }>(sql`
    SELECT "sortKey", "text" FROM "TranscriptText" WHERE "sortKey" IN (${join(sortKeys.map((key) => BigInt(key)))})`);
  // The texts' words are split once for all of them, and the dense words within each distinct word
  // worked out once, by its position in the list of distinct words.
  const { words, starts, positions } = wordsOfTexts(texts.map((row) => row.text));
  const withinWord = denseWordsWithin(new Map(counted.map((row) => [row.word, toNumber(row.bit)])));
  const changes = denseDayCountChanges(
    texts.map((row, index) => ({
      day: Math.floor(toNumber(row.sortKey) / DAY_KEYS),
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
