/** @jest-environment node */
// The redaction job's worker thread: it answers each chunk in order, gathers the changed transcripts
// until a batch is full or asked for, and names those whose redacted record cannot be read.
import { RedactionThread } from "@/lib/server/privacy/redaction-thread";
import type { StoredSource } from "@/lib/server/store";
import { DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { personKeysOf } from "@/lib/privacy/person-keys";

const decoder = new TextDecoder();

function stored(id: string, message: string, sortKey: number): StoredSource {
  const record = {
    _id: id,
    sessionID: `s-${id}`,
    createdAt: "2025-09-01T10:00:00Z",
    dialog: [{ type: "text", payload: { message }, turnID: "u", startTime: "2025-09-01T10:00:00Z", format: "request" }],
  };
  return { sortKey, id, sessionId: `s-${id}`, source: JSON.stringify(record) };
}

let thread: RedactionThread;
const SECRET = new Uint8Array(32).fill(7);

beforeAll(async () => {
  thread = await RedactionThread.start({
    redaction: DEFAULT_PRIVACY_SETTINGS,
    personKeySecret: SECRET,
    signals: DEFAULT_INSIGHT_SETTINGS,
    batchSize: 2,
  });
});
afterAll(() => thread.close());

it("gathers the changed transcripts into batches, with their words and signals, and leaves the others", async () => {
  const first = await thread.redact([stored("a", "mail me at pat@example.net", 1), stored("b", "where is my order NW-5532", 2)]);
  expect(first).toEqual({ ok: true, batch: null, unreadableIds: [] });

  const second = await thread.redact([stored("c", "call +49 151 23456789", 3)]);
  expect(second.unreadableIds).toEqual([]);
  const batch = second.batch!;
  expect(batch.transcripts.map((transcript) => transcript.id)).toEqual(["a", "c"]);
  const sources = batch.transcripts.map((transcript) => decoder.decode(transcript.sourceJson as Uint8Array));
  expect(sources[0]).toContain("mail me at [EMAIL]");
  expect(sources[1]).toContain("call [PHONE]");
  expect(sources.join(" ")).not.toMatch(/pat@example|23456789/);
  expect(batch.signals).toHaveLength(2);
  // The keys of what was replaced: the address; the number with its country code, and its ends a
  // national number may match.
  expect(batch.transcripts[0].personKeys).toEqual(personKeysOf(["email:pat@example.net"], SECRET));
  expect(batch.transcripts[1].personKeys).toEqual(
    personKeysOf(["phone:+4915123456789", "phone-end:915123456789", "phone-end:15123456789", "phone-end:5123456789"], SECRET),
  );
  const words = Array.from(batch.words.positions.slice(batch.words.starts[0], batch.words.starts[1]), (at) => batch.words.words[at]);
  expect(words).toEqual(["mail", "me", "at", "email"]);

  // Asked for, the batch comes however small; nothing is left over.
  expect((await thread.redact([stored("d", "pat@example.net", 4)], true)).batch?.transcripts.map((t) => t.id)).toEqual(["d"]);
  expect((await thread.redact([], true)).batch?.transcripts).toEqual([]);
});

it("names a transcript whose redacted record cannot be read, and stores nothing of it", async () => {
  const unreadable: StoredSource = { sortKey: 5, id: "e", sessionId: "s-e", source: JSON.stringify({ note: "pat@example.net" }) };
  const answer = await thread.redact([unreadable], true);
  expect(answer.unreadableIds).toEqual(["e"]);
  expect(answer.batch?.transcripts).toEqual([]);
});

it("answers chunks sent together in the order they were sent", async () => {
  const answers = await Promise.all(
    ["x@example.net", "no address", "y@example.net"].map((message, index) =>
      thread.redact([stored(`o${index}`, message, 10 + index)], true),
    ),
  );
  expect(answers.map((answer) => answer.batch?.transcripts.map((t) => t.id))).toEqual([["o0"], [], ["o2"]]);
});
