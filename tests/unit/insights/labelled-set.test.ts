/** @jest-environment node */
// The signals' precision and recall over the labelled set, derived from each conversation as the
// importer stores it: each signal reaches MIN_SCORE on both. The stored signals (at ingest and by
// the recompute job) are held to the same bar in tests/api/signals-labelled-set.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deriveSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { SIGNAL_KINDS } from "@/lib/schemas/insights";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { LABELLED_CONVERSATIONS, labelledTranscripts } from "../../fixtures/labelled-conversations";
import { disagreements, MIN_SCORE, scoresTable, signalScores } from "../../helpers/signal-scores";

const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);

const labelled = labelledTranscripts().map(({ raw, expected }, index) => {
  const result = normalizeTranscript(raw);
  if (!result.ok) throw new Error(`the importer refused ${LABELLED_CONVERSATIONS[index].name}: ${result.reason}`);
  const signals = deriveSignals(result.record.dialog, rules);
  return { name: LABELLED_CONVERSATIONS[index].name, expected, actual: SIGNAL_KINDS.filter((kind) => signals[kind]) };
});

it("holds at least 60 conversations, each signal marked in several", () => {
  expect(labelled.length).toBeGreaterThanOrEqual(60);
  for (const score of signalScores(labelled)) expect(score.marked).toBeGreaterThanOrEqual(5);
});

it.each(SIGNAL_KINDS)("%s: precision and recall of at least 0.9", (kind) => {
  const score = signalScores(labelled).find((s) => s.kind === kind);
  const report = `${scoresTable(signalScores(labelled))}\n\n${disagreements(labelled).join("\n")}`;
  expect({ precision: score!.precision >= MIN_SCORE, recall: score!.recall >= MIN_SCORE, report }).toEqual({
    precision: true,
    recall: true,
    report,
  });
});

it("is the table docs/signals.md shows", () => {
  expect(readFileSync(join(process.cwd(), "docs/signals.md"), "utf8")).toContain(scoresTable(signalScores(labelled)));
});
