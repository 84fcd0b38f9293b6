// `npx tsx scripts/bench-signals.ts [--transcripts N] [--rounds R]`
// The speed of the insights' signals (lib/insights) in this process, on generated transcripts
// (scripts/lib/transcript-generator.ts, the seed generator's; seed "signals") with the default
// phrase lists. Prints transcripts per second for three stages:
//   derive              deriveSignals on dialogs already normalised: what ingest adds per transcript;
//   normalise + derive  normalizeTranscript and deriveSignals on the parsed record: ingest's work;
//   parse + ... + derive JSON.parse of the stored source JSON, then both: what the recompute job
//                        does for each stored transcript, without reading and writing the database.
// Each stage runs once to warm up and then R times over the same transcripts; the median and best
// rounds are printed by elapsed time, and the median by this process's CPU time, which a busy
// machine disturbs less. A script, not a test: it wants the machine to itself.
import os from "node:os";
import { deriveSignals, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";
import { readCommandLine, wholeNumber } from "./lib/command-line";
import { formatCount } from "./lib/progress";
import { generateTranscripts } from "./lib/transcript-generator";

const USAGE = "usage: npx tsx scripts/bench-signals.ts [--transcripts N] [--rounds R]";
const { values } = readCommandLine({ options: { transcripts: { type: "string" }, rounds: { type: "string" } } }, USAGE);
const count = wholeNumber("transcripts", values.transcripts, 20_000, { min: 1, max: 1_000_000 }, USAGE);
const rounds = wholeNumber("rounds", values.rounds, 5, { min: 1, max: 100 }, USAGE);

const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);
const sources: string[] = [];
for (const batch of generateTranscripts({ count, days: 90, seed: "signals", endMs: Date.UTC(2026, 10, 1) })) {
  for (const transcript of batch) sources.push(JSON.stringify(transcript));
}

function normalised(raw: unknown): DialogEntry[] {
  const result = normalizeTranscript(raw);
  if (!result.ok) throw new Error(`a generated transcript was refused: ${result.reason}`);
  return result.record.dialog;
}

interface Rates {
  /** Transcripts per second of elapsed time, one per round, ascending. */
  wall: number[];
  /** Transcripts per second of this process's CPU time (all its threads), ascending: what an idle core would do. */
  cpu: number[];
}

/** Runs `work` over every transcript once to warm up, then `rounds` times. */
function measure<T>(inputs: readonly T[], work: (input: T) => TranscriptSignals): Rates {
  const rates: Rates = { wall: [], cpu: [] };
  for (let round = 0; round <= rounds; round++) {
    const started = process.hrtime.bigint();
    const cpuStarted = process.cpuUsage();
    for (const input of inputs) work(input);
    const cpu = process.cpuUsage(cpuStarted);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (round === 0) continue;
    rates.wall.push(inputs.length / seconds);
    rates.cpu.push(inputs.length / ((cpu.user + cpu.system) / 1e6));
  }
  rates.wall.sort((a, b) => a - b);
  rates.cpu.sort((a, b) => a - b);
  return rates;
}

const median = (values: number[]) => formatCount(values[Math.floor(values.length / 2)]);

function report(stage: string, rates: Rates): void {
  console.log(
    `${stage.padEnd(28)} ${median(rates.wall).padStart(9)}/s median (best ${formatCount(rates.wall[rates.wall.length - 1])}/s); per CPU second: ${median(rates.cpu)}/s`,
  );
}

const averageBytes = Math.round(sources.reduce((total, source) => total + source.length, 0) / sources.length);
const loadAverage = os.loadavg().map((load) => load.toFixed(2));
console.log(
  `${formatCount(count)} generated transcripts (${formatCount(averageBytes)} bytes of JSON each on average), ${rounds} rounds after a warm-up`,
);
console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage.join(" ")}`);

const dialogs = sources.map((source) => normalised(JSON.parse(source)));
report(
  "derive",
  measure(dialogs, (dialog) => deriveSignals(dialog, rules)),
);
dialogs.length = 0;

const records = sources.map((source) => JSON.parse(source) as unknown);
report(
  "normalise + derive",
  measure(records, (record) => deriveSignals(normalised(record), rules)),
);
records.length = 0;

report(
  "parse + normalise + derive",
  measure(sources, (source) => deriveSignals(normalised(JSON.parse(source)), rules)),
);

const totals = { fallback: 0, handoff: 0, unanswered: 0, repeated: 0 };
const groups = new Set<string>();
for (const source of sources) {
  const signals = deriveSignals(normalised(JSON.parse(source)), rules);
  for (const signal of Object.keys(totals) as (keyof typeof totals)[]) if (signals[signal]) totals[signal] += 1;
  if (signals.questionGroup !== null) groups.add(signals.questionGroup);
}
const share = (value: number) => `${((value / count) * 100).toFixed(1)}%`;
console.log(
  `signals: fallback ${share(totals.fallback)}, handoff ${share(totals.handoff)}, unanswered ${share(totals.unanswered)}, repeated ${share(totals.repeated)}; ${formatCount(groups.size)} question groups`,
);
