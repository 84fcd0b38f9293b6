// Hand-written conversations for the signal tests, written once as steps and built in every turn
// shape the importer accepts (../shared/TRANSCRIPT-FORMAT.md), then read through the real
// normaliser, so that the signals are tested on the dialog the importer stores:
// - "legacy dialog": entries {turnID, type, format, payload, startTime}, traces' payloads whole;
// - "v1 logs": a newer transcript's logs of actions (typed text as a raw text action when no
//   intent is named) and traces;
// - "exportraw turns": an older export's raw turns: no format or turnID, requests as the runtime's
//   raw requests ({type: "intent" | "path-...", payload}), traces' payloads flattened.
import { deriveSignals, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS, type SignalRules } from "@/lib/insights/signal-rules";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";

export type Step =
  | { launch: true }
  /** A typed message; `intent` is the intent the platform matched it to. */
  | { user: string; intent?: string }
  | { click: string }
  /** The platform's request when the user said nothing before the timeout. */
  | { silence: true }
  | { bot: string }
  /** Any other trace: path, debug, speak, cardV2, a custom action... */
  | { trace: string; payload?: Record<string, unknown> }
  | { end: true }
  /** Time passing before the next step, in seconds (a reused session resumed hours or days later). */
  | { wait: number };

export const SHAPES = ["legacy dialog", "v1 logs", "exportraw turns"] as const;
export type Shape = (typeof SHAPES)[number];

const START_MS = Date.UTC(2025, 5, 1, 12);

/** Fields of the transcript besides its dialog (its id, session, device, ...). */
export type TranscriptFields = Record<string, unknown>;

export function rawTranscript(shape: Shape, steps: readonly Step[], fields: TranscriptFields = {}): Record<string, unknown> {
  const base = { _id: "65e7a1f0c2b3d4e5f6a7b8ff", sessionID: "insight-session", createdAt: new Date(START_MS).toISOString(), ...fields };
  const timed = timedSteps(steps);
  if (shape === "v1 logs") return { ...base, logs: timed.map(([step, ms], index) => logOf(step, index, ms)) };
  return {
    ...base,
    dialog: timed.map(([step, ms], index) => (shape === "legacy dialog" ? legacyEntryOf(step, index, ms) : rawTurnOf(step, ms))),
  };
}

/** Each step but the waits, with its time: a second after the one before, plus the waits between. */
function timedSteps(steps: readonly Step[]): [Exclude<Step, { wait: number }>, number][] {
  const timed: [Exclude<Step, { wait: number }>, number][] = [];
  let ms = START_MS;
  for (const step of steps) {
    if ("wait" in step) ms += step.wait * 1000;
    else {
      timed.push([step, ms]);
      ms += 1000;
    }
  }
  return timed;
}

/** The dialog the importer stores for these steps in this shape. */
export function dialogOf(shape: Shape, steps: readonly Step[]): DialogEntry[] {
  const result = normalizeTranscript(rawTranscript(shape, steps));
  if (!result.ok) throw new Error(`the importer refused the test transcript: ${result.reason}`);
  return result.record.dialog;
}

const defaultRules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);

/** The signals of these steps in this shape, with the default phrase lists unless others are given. */
export function signalsOf(shape: Shape, steps: readonly Step[], rules: SignalRules = defaultRules): TranscriptSignals {
  return deriveSignals(dialogOf(shape, steps), rules);
}

export const launch: Step = { launch: true };
export const greeting: Step = { bot: "Hi! I'm Ava. How can I help?" };

export type SignalCase = [name: string, steps: Step[], expected: boolean];

const at = (ms: number) => new Date(ms).toISOString();
const pathType = (label: string) => `path-${label.length.toString(16).padStart(6, "0")}`;

type TimedStep = Exclude<Step, { wait: number }>;

function legacyEntryOf(step: TimedStep, index: number, ms: number): Record<string, unknown> {
  const common = { turnID: `turn-${index}`, startTime: at(ms) };
  if ("launch" in step) return { ...common, type: "launch", format: "launch", payload: {} };
  if ("user" in step) {
    const payload = { query: step.user, intent: { name: step.intent ?? "faq" }, entities: [], confidence: 0.9 };
    return { ...common, type: "request", format: "request", payload: { type: "intent", payload } };
  }
  if ("click" in step)
    return {
      ...common,
      type: "request",
      format: "request",
      payload: { type: pathType(step.click), payload: { label: step.click, actions: [] } },
    };
  if ("silence" in step) return { ...common, type: "request", format: "request", payload: { type: "no-reply" } };
  const [type, payload] = traceOf(step);
  return {
    ...common,
    type,
    format: "trace",
    payload: payload === undefined ? { time: ms, type } : { time: ms, type, payload },
  };
}

function logOf(step: TimedStep, index: number, ms: number): Record<string, unknown> {
  const createdAt = at(ms);
  if ("launch" in step) return { type: "action", data: { type: "launch" }, createdAt };
  if ("user" in step) {
    const data =
      step.intent === undefined
        ? { type: "text", payload: step.user }
        : { type: "intent", payload: { query: step.user, intent: { name: step.intent }, entities: [] } };
    return { type: "action", data, createdAt };
  }
  if ("click" in step) return { type: "action", data: { type: pathType(step.click), payload: { label: step.click } }, createdAt };
  if ("silence" in step) return { type: "action", data: { type: "no-reply" }, createdAt };
  if ("end" in step) return { type: "end", data: null, createdAt };
  const [type, payload] = traceOf(step);
  return { type: "trace", data: { time: ms, type, turnID: `turn-${index}`, payload: payload ?? {} }, createdAt };
}

function rawTurnOf(step: TimedStep, ms: number): Record<string, unknown> {
  const startTime = at(ms);
  if ("launch" in step) return { type: "launch", payload: null, startTime };
  if ("user" in step)
    return { type: "intent", payload: { query: step.user, intent: { name: step.intent ?? "faq" }, entities: [] }, startTime };
  if ("click" in step) return { type: pathType(step.click), payload: { label: step.click }, startTime };
  if ("silence" in step) return { type: "no-reply", startTime };
  const [type, payload] = traceOf(step);
  return payload === undefined ? { type, startTime } : { type, payload, startTime };
}

function traceOf(step: TimedStep): [type: string, payload: Record<string, unknown> | undefined] {
  if ("bot" in step) return ["text", { message: step.bot }];
  if ("trace" in step) return [step.trace, step.payload];
  return ["end", undefined];
}
