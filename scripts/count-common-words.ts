// `npm run db:count-common-words`: counts, per day, the texts holding each common word that a
// PostgreSQL database made common before it kept such counts (migration dense_word_day_counts), so
// that a search for one of them reads a row per day instead of an index entry per text. Searches
// are exact without it; it only makes them faster. Runs beside the server: each word is counted in
// a transaction of its own, during which writes of transcripts wait (under a second). Safe to stop
// and to run again: it goes on with the words left. Nothing to do on SQLite.
import { disconnectDb } from "@/lib/server/db";
import { closeStore } from "@/lib/server/store";
import { countDenseWordDays, uncountedDenseWords } from "@/lib/server/store/postgres/dense-words";
import { formatCount, Progress } from "./lib/progress";

async function main(): Promise<void> {
  const words = await uncountedDenseWords();
  if (words.length === 0) {
    console.log("Every common word is counted per day: nothing to do.");
    return;
  }
  const progress = new Progress("Counting", words.length, "words");
  let counted = 0;
  for (const [index, word] of words.entries()) {
    if (await countDenseWordDays(word)) counted += 1;
    progress.update(index + 1, `· ${word.word}`);
  }
  progress.done();
  console.log(`Counted the days of ${formatCount(counted)} common word${counted === 1 ? "" : "s"} in ${progress.elapsedSeconds.toFixed(1)} s.`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => Promise.all([disconnectDb(), closeStore()]));
