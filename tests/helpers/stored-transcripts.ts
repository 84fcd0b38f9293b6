// Transcripts stored through the real normaliser and store, for tests of what builds on them.
import { readRecord } from "@/lib/transcripts/read-record";
import { saveTranscripts } from "@/lib/server/store";

let counter = 0;

/** A legacy-format transcript whose shown turns are: 0 user, 1 bot, 2 user, 3 bot (with a trace in between). */
export function conversation(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const at = (second: number) => new Date(Date.UTC(2025, 2, 5, 15, 4, second)).toISOString();
  return {
    _id: `64f0c0ffee${String(counter).padStart(14, "0")}`,
    sessionID: `session-${counter}`,
    createdAt: at(0),
    updatedAt: at(40),
    device: "desktop",
    os: "macos",
    browser: "chrome",
    dialog: [
      {
        type: "request",
        format: "request",
        startTime: at(0),
        payload: { type: "intent", payload: { query: "How do I reset my password?" } },
      },
      { type: "text", format: "trace", startTime: at(2), payload: { type: "text", payload: { message: "Open Settings, then Security." } } },
      { type: "debug", format: "trace", startTime: at(3), payload: { type: "debug", payload: { message: "matched intent" } } },
      { type: "request", format: "request", startTime: at(20), payload: { type: "intent", payload: { query: "Thanks!" } } },
      { type: "text", format: "trace", startTime: at(22), payload: { type: "text", payload: { message: "You're welcome." } } },
    ],
    ...overrides,
  };
}

export async function storeTranscripts(...raws: Record<string, unknown>[]): Promise<string[]> {
  const storable = raws.map((raw) => {
    const result = readRecord({ raw });
    if (!result.ok) throw new Error(`test transcript rejected: ${result.reason}`);
    return result.transcript;
  });
  await saveTranscripts(storable);
  return storable.map((transcript) => transcript.id);
}
