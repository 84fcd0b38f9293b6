// Hand-made transcripts for the API tests, stored through the same path as imports.
import { readRecord } from "@/lib/transcripts/read-record";
import { saveTranscripts } from "@/lib/server/store";

/**
 * The characters between words (lib/server/store/search-words.ts) as a regular-expression class
 * for PostgreSQL, which checks the store's texts with it: search-words.test.ts proves both splits agree.
 */
export const WORD_SEPARATORS_SQL_CLASS = "[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]";

export interface TestTranscript {
  id: string;
  sessionId?: string;
  createdAt: string;
  device?: string;
  os?: string;
  browser?: string;
  /** Turns in order: a string starting with "user:" is a request, anything else a bot message. */
  turns?: string[];
  /** Seconds between turns (default 10). */
  gap?: number;
}

/** A legacy-format transcript (wrapped trace payloads) from a compact description. */
export function legacyTranscript(spec: TestTranscript): Record<string, unknown> {
  const start = Date.parse(spec.createdAt);
  const gap = (spec.gap ?? 10) * 1000;
  const dialog: Record<string, unknown>[] = [{ type: "launch", format: "launch", payload: {}, startTime: spec.createdAt }];
  (spec.turns ?? []).forEach((turn, index) => {
    const startTime = new Date(start + (index + 1) * gap).toISOString();
    if (turn.startsWith("user:")) {
      dialog.push({
        turnID: `t${index}`,
        type: "request",
        format: "request",
        payload: { type: "intent", payload: { query: turn.slice(5).trim() } },
        startTime,
      });
    } else {
      dialog.push({
        turnID: `t${index}`,
        type: "text",
        format: "trace",
        payload: { time: Date.parse(startTime), type: "text", payload: { message: turn } },
        startTime,
      });
    }
  });
  return {
    _id: spec.id,
    sessionID: spec.sessionId ?? `session-${spec.id}`,
    createdAt: spec.createdAt,
    ...(spec.device ? { device: spec.device } : {}),
    ...(spec.os ? { os: spec.os } : {}),
    ...(spec.browser ? { browser: spec.browser } : {}),
    dialog,
  };
}

export async function storeTranscripts(specs: TestTranscript[]): Promise<void> {
  const prepared = specs.map((spec) => {
    const result = readRecord({ raw: legacyTranscript(spec) });
    if (!result.ok) throw new Error(result.reason);
    return result.transcript;
  });
  await saveTranscripts(prepared);
}
