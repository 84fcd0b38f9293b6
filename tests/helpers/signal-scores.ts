// Precision and recall of each signal over a labelled set: what the rules found against what a
// reviewer marked (tests/fixtures/labelled-conversations.ts).
import { SIGNAL_KINDS, type SignalKind } from "@/lib/schemas/insights";

export const MIN_SCORE = 0.9;

export interface SignalScore {
  kind: SignalKind;
  /** Conversations the reviewer marked with the signal. */
  marked: number;
  /** Conversations the rules found it in. */
  found: number;
  /** Of those, marked too. */
  agreed: number;
  /** agreed / found (1 when nothing was found). */
  precision: number;
  /** agreed / marked (1 when nothing was marked). */
  recall: number;
}

export interface Labelled {
  name: string;
  expected: readonly SignalKind[];
  actual: readonly SignalKind[];
}

export function signalScores(conversations: readonly Labelled[]): SignalScore[] {
  return SIGNAL_KINDS.map((kind) => {
    let marked = 0;
    let found = 0;
    let agreed = 0;
    for (const { expected, actual } of conversations) {
      const isMarked = expected.includes(kind);
      const isFound = actual.includes(kind);
      if (isMarked) marked += 1;
      if (isFound) found += 1;
      if (isMarked && isFound) agreed += 1;
    }
    return { kind, marked, found, agreed, precision: found === 0 ? 1 : agreed / found, recall: marked === 0 ? 1 : agreed / marked };
  });
}

/** The conversations where the rules and the reviewer disagree, one line each, for a failure message. */
export function disagreements(conversations: readonly Labelled[]): string[] {
  return conversations.flatMap(({ name, expected, actual }) => {
    const missed = expected.filter((kind) => !actual.includes(kind));
    const extra = actual.filter((kind) => !expected.includes(kind));
    if (missed.length === 0 && extra.length === 0) return [];
    return [`${name}: ${[...missed.map((kind) => `missed ${kind}`), ...extra.map((kind) => `found ${kind} not marked`)].join(", ")}`];
  });
}

/** The Markdown table of docs/signals.md. */
export function scoresTable(scores: readonly SignalScore[]): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    "| signal | marked | found | agreed | precision | recall |",
    "|---|---|---|---|---|---|",
    ...scores.map((s) => `| ${s.kind} | ${s.marked} | ${s.found} | ${s.agreed} | ${percent(s.precision)} | ${percent(s.recall)} |`),
  ].join("\n");
}
