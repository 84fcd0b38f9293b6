/** @jest-environment node */
// Every shape of ../shared/TRANSCRIPT-FORMAT.md, read from the fixtures, into the stored shape.
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { extractRecords } from "@/lib/transcripts/extract-records";
import { storableTranscript } from "@/lib/transcripts/prepare-transcript";
import { formatDuration } from "@/lib/transcripts/duration";
import { readRecord } from "@/lib/transcripts/read-record";
import { storedDialog } from "@/lib/transcripts/stored-source";
import { fixture } from "./fixtures";

function readAll(name: string) {
  const extraction = extractRecords(fixture(name), name);
  if (!extraction.ok) throw new Error(extraction.reason);
  return extraction.records.map((record) => {
    const result = normalizeTranscript(record.raw, record.fallback);
    if (!result.ok) throw new Error(result.reason);
    return { ...result.record, ...storableTranscript(result.record, JSON.stringify(record.raw)) };
  });
}

describe("legacy transcript with its dialog", () => {
  const [transcript] = readAll("valid/legacy-transcript.json");

  it("keeps the transcript fields and stores the rest as properties", () => {
    expect(transcript).toMatchObject({
      id: "65e7a1f0c2b3d4e5f6a7b801",
      sessionId: "6617a0e2c5b8f2001c8d4e21",
      device: "Desktop",
      os: "macOS",
      browser: "Chrome",
      createdAt: new Date("2025-03-05T15:04:00.000Z"),
      updatedAt: new Date("2025-03-05T15:07:30.000Z"),
    });
    expect(transcript.properties).toEqual({
      projectID: "64a1f0c2e4b0a7001f3c9d21",
      reportTags: ["reviewed"],
      unread: false,
      user: { name: "Visitor 4821", image: "https://cdn.example/avatar.png" },
    });
  });

  it("keeps every entry as received, adding a canonical type and a timestamp", () => {
    expect(transcript.dialog.map((entry) => entry.type)).toEqual([
      "launch",
      "text",
      "debug",
      "request",
      "text",
      "choice",
      "request",
      "text",
      "visual",
      "end",
    ]);
    expect(transcript.dialog[0]).toEqual({
      turnID: "t1",
      type: "launch",
      sourceType: "request",
      format: "request",
      payload: { type: "launch" },
      startTime: "2025-03-05T15:04:00.000Z",
      timestamp: "2025-03-05T15:04:00.000Z",
    });
    expect(transcript.dialog[3]).toMatchObject({ payload: { ELICIT: false, payload: { confidence: 0.93 } } });
    expect(transcript.dialog.every((entry) => typeof entry.timestamp === "string")).toBe(true);
  });

  it("derives the columns from text and request turns (button clicks included)", () => {
    expect(transcript.messageCount).toBe(5);
    expect(formatDuration(transcript.durationMs)).toBe("2m 1s");
    expect(transcript.question).toBe("Where is my order NW-123456?");
    expect(transcript.answer).toBe(
      "Your order shipped. Track it at the tracking page (https://track.example/NW-123456).\nCarrier: UPS\nETA: Friday",
    );
    expect(transcript.searchText).toContain("talk to an agent");
    expect(transcript.searchText).not.toContain("matched intent");
  });
});

describe("launch shapes, launches and ends in the middle, a reused session", () => {
  const [first, second] = readAll("valid/launch-shapes-and-reused-session.json");

  it("reads every launch shape as a launch, never as a user turn", () => {
    expect(first.dialog.filter((entry) => entry.type === "launch")).toHaveLength(3);
    expect(second.dialog[0].type).toBe("launch");
    expect(first.messageCount).toBe(4);
    expect(second.messageCount).toBe(1);
    expect(first.question).toBe("store hours?");
    expect(second.question).toBe("");
  });

  it("keeps both transcripts of the session", () => {
    expect(first.sessionId).toBe(second.sessionId);
    expect(formatDuration(second.durationMs)).toBe("N/A");
  });
});

describe("epoch seconds and milliseconds", () => {
  const [seconds, millis] = readAll("valid/epoch-times.json");

  it("reads seconds and milliseconds as the same kind of instant", () => {
    expect(seconds.createdAt.toISOString()).toBe("2025-03-07T10:00:00.000Z");
    expect(seconds.dialog.map((entry) => entry.timestamp)).toEqual([
      "2025-03-07T10:00:01.000Z",
      "2025-03-07T10:01:01.000Z",
      "2025-03-07T10:03:13.000Z",
    ]);
    expect(formatDuration(seconds.durationMs)).toBe("3m 12s");
    expect(millis.createdAt.toISOString()).toBe("2025-03-07T10:01:40.000Z");
    expect(millis.updatedAt.toISOString()).toBe("2025-03-07T10:02:40.000Z");
    expect(millis.dialog[0].timestamp).toBe("2025-03-07T10:01:40.500Z");
  });

  it("takes updatedAt from the last entry when the record has none", () => {
    expect(seconds.updatedAt.toISOString()).toBe("2025-03-07T10:03:13.000Z");
  });
});

describe("flattened older export", () => {
  const [transcript] = readAll("valid/flattened-older-export.json");

  it("finds text in the outer payload and Slate, without turn ids", () => {
    expect(transcript.dialog.map((entry) => entry.type)).toEqual(["launch", "text", "request", "text", "speak"]);
    expect(transcript.question).toBe("Do you ship to Canada?");
    expect(transcript.answer).toBe("Yes, we ship to Canada!");
    expect(transcript.messageCount).toBe(3);
    expect(transcript.createdAt.toISOString()).toBe("2024-11-02T18:30:00.000Z");
  });
});

describe("traces of other types", () => {
  const [transcript] = readAll("valid/other-trace-types.json");

  it("keeps them all but counts and searches only the one text turn", () => {
    expect(transcript.dialog).toHaveLength(14);
    expect(transcript.dialog.map((entry) => entry.type)).toContain("order_lookup_action");
    expect(transcript.messageCount).toBe(1);
    expect(transcript.searchText).toBe("only one real message here.");
    expect(transcript.preview).toBe("Only one real message here.");
  });
});

describe("newer logs-based transcript", () => {
  const [transcript] = readAll("valid/logs-transcript.json");

  it("maps logs onto a legacy-style dialog", () => {
    expect(transcript.id).toBe("cm8newformat0001");
    expect(transcript.dialog.map((entry) => [entry.type, entry.format])).toEqual([
      ["launch", "launch"],
      ["text", "trace"],
      ["request", "request"],
      ["debug", "trace"],
      ["text", "trace"],
      ["request", "request"],
      ["text", "trace"],
      ["end", "trace"],
    ]);
    expect(transcript.dialog[1]).toMatchObject({
      turnID: "n1",
      startTime: "2025-08-01T10:00:01.000Z",
      timestamp: "2025-08-01T10:00:01.000Z",
    });
  });

  it("reads device, os and browser from properties and derives the columns", () => {
    expect(transcript).toMatchObject({
      device: "Mobile",
      os: "Android",
      browser: "Chrome",
      messageCount: 5,
      question: "cancel my membership",
      answer: "You can cancel under Account > Membership.",
    });
    expect(transcript.searchText).toContain("and get a refund?");
    expect(transcript.properties).toMatchObject({
      environmentID: "64a1f0c2e4b0a7001f3c9d22",
      endedAt: "2025-08-01T10:02:00.000Z",
      evaluations: [{ name: "resolved", value: true }],
    });
  });
});

describe("bare dialog, object holding transcripts, MongoDB export", () => {
  it("names a bare dialog after its file", () => {
    const [transcript] = readAll("valid/65e7a1f0c2b3d4e5f6a7b80a.json");
    expect(transcript).toMatchObject({ id: "65e7a1f0c2b3d4e5f6a7b80a", sessionId: "65e7a1f0c2b3d4e5f6a7b80a", messageCount: 3 });
    expect(transcript.createdAt.toISOString()).toBe("2025-03-12T07:00:00.000Z");
  });

  it("reads the transcripts an object holds", () => {
    expect(readAll("valid/holder-object.json").map((transcript) => transcript.id)).toEqual([
      "65e7a1f0c2b3d4e5f6a7b808",
      "65e7a1f0c2b3d4e5f6a7b809",
    ]);
  });

  it("unwraps $oid and $date", () => {
    const [transcript] = readAll("valid/mongo-extended-json.json");
    expect(transcript.id).toBe("65e7a1f0c2b3d4e5f6a7b80b");
    expect(transcript.createdAt.toISOString()).toBe("2025-03-13T11:00:00.000Z");
    expect(transcript.updatedAt.toISOString()).toBe("2025-03-13T11:00:30.000Z");
  });
});

describe("times taken from the dialog", () => {
  const entry = (startTime: string | undefined) => ({
    type: "text",
    payload: { payload: { message: "hi" } },
    ...(startTime ? { startTime } : {}),
  });

  it("takes a missing createdAt from the earliest entry and updatedAt from the latest, whatever their order", () => {
    const result = normalizeTranscript({
      _id: "t1",
      sessionID: "s",
      dialog: [entry("2025-03-01T10:05:00.000Z"), entry(undefined), entry("2025-03-01T10:00:00.000Z"), entry("2025-03-01T10:09:00.000Z")],
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.record.createdAt.toISOString()).toBe("2025-03-01T10:00:00.000Z");
    expect(result.record.updatedAt.toISOString()).toBe("2025-03-01T10:09:00.000Z");
  });

  it("keeps the record's own times, and falls back to createdAt when no entry has a time", () => {
    const own = normalizeTranscript({
      _id: "t2",
      sessionID: "s",
      createdAt: "2025-03-02T08:00:00Z",
      updatedAt: "2025-03-02T08:30:00Z",
      dialog: [entry("2025-03-01T10:00:00.000Z")],
    });
    const untimed = normalizeTranscript({ _id: "t3", sessionID: "s", createdAt: "2025-03-02T08:00:00Z", dialog: [entry(undefined)] });
    if (!own.ok || !untimed.ok) throw new Error("not read");
    expect([own.record.createdAt.toISOString(), own.record.updatedAt.toISOString()]).toEqual([
      "2025-03-02T08:00:00.000Z",
      "2025-03-02T08:30:00.000Z",
    ]);
    expect(untimed.record.updatedAt.toISOString()).toBe("2025-03-02T08:00:00.000Z");
  });
});

describe("records that cannot be read", () => {
  const records = (fixture("malformed/partially-invalid.json") as unknown[]).map((raw) => normalizeTranscript(raw));

  it("reports each with its id (when known) and reason, and reads the valid ones", () => {
    expect(records.map((result) => (result.ok ? "ok" : result.reason))).toEqual([
      "ok",
      "sessionID is missing",
      "dialog must be an array",
      'createdAt "the fifth of March" is not a readable date',
      "expected a transcript object, got a string",
      "_id \"bad id with spaces\" is not a valid id (1-128 letters, digits, '.', '_', ':' or '-')",
      "createdAt is missing and no dialog entry has a time",
      "dialog[0] is not an object",
      "ok",
    ]);
    expect(records[1]).toEqual({ ok: false, id: "65e7a1f0c2b3d4e5f6a7b8e2", reason: "sessionID is missing" });
  });

  it.each([
    ["null", null],
    ["a number", 7],
    ["an array", []],
    ["an object id", { _id: { nested: true }, sessionID: "s", createdAt: "2025-01-01" }],
    ["a session id object", { _id: "x1", sessionID: { id: 1 }, createdAt: "2025-01-01" }],
    ["a session id too long", { _id: "x1", sessionID: "s".repeat(300), createdAt: "2025-01-01" }],
    ["logs that are not a list", { _id: "x1", sessionID: "s", createdAt: "2025-01-01", logs: {} }],
    ["a log that is not an object", { _id: "x1", sessionID: "s", createdAt: "2025-01-01", logs: ["x"] }],
    ["too many entries", { _id: "x1", sessionID: "s", createdAt: "2025-01-01", dialog: new Array(20_001).fill({ type: "text" }) }],
  ])("refuses %s", (_case, raw) => {
    expect(normalizeTranscript(raw)).toMatchObject({ ok: false, reason: expect.any(String) });
  });

  it("derives a stable id for a record without one", () => {
    const raw = { sessionID: "no-id", createdAt: "2025-01-01T00:00:00Z", dialog: [] };
    const first = normalizeTranscript(raw);
    const second = normalizeTranscript(structuredClone(raw));
    expect(first.ok && second.ok && first.record.id === second.record.id).toBe(true);
    expect(first.ok && first.record.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("trims attributes and treats blank ones as missing", () => {
    const result = normalizeTranscript({ _id: "x1", sessionID: " s1 ", createdAt: "2025-01-01", device: "  ", os: " ios ", browser: 5 });
    expect(result).toMatchObject({ ok: true, record: { sessionId: "s1", device: null, os: "iOS", browser: null } });
  });
});

describe("records that would break storing", () => {
  const nested = (depth: number) => {
    let value: unknown = { text: "deep" };
    for (let i = 0; i < depth; i++) value = { children: [value] };
    return value;
  };

  it("refuses a record nested too deeply, and reads one nested reasonably", () => {
    const deep = {
      _id: "deep1",
      sessionID: "s",
      createdAt: "2025-01-01",
      dialog: [{ type: "text", payload: { slate: { content: [nested(5000)] } } }],
    };
    expect(normalizeTranscript(deep)).toEqual({ ok: false, id: "deep1", reason: "nested more than 100 levels deep" });
    const fine = {
      _id: "deep2",
      sessionID: "s",
      createdAt: "2025-01-01",
      dialog: [{ type: "text", payload: { slate: { content: [nested(30)] } } }],
    };
    expect(readRecord({ raw: fine })).toMatchObject({ ok: true, transcript: { searchText: "deep" } });
  });

  it("accepts exactly 100 levels of nesting and refuses 101", () => {
    const arrays = (levels: number) => {
      let value: unknown[] = [];
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };
    // The record itself is level 1, so n nested arrays reach level n + 1.
    expect(normalizeTranscript({ _id: "d100", sessionID: "s", createdAt: "2025-01-01", extra: arrays(99) })).toMatchObject({ ok: true });
    expect(normalizeTranscript({ _id: "d101", sessionID: "s", createdAt: "2025-01-01", extra: arrays(100) })).toEqual({
      ok: false,
      id: "d101",
      reason: "nested more than 100 levels deep",
    });
    expect(
      normalizeTranscript({ _id: "d101", sessionID: "s", createdAt: "2025-01-01", dialog: [{ type: "text", payload: arrays(98) }] }),
    ).toEqual({ ok: false, id: "d101", reason: "nested more than 100 levels deep" });
  });

  it("removes NUL characters from the stored columns but keeps them in the dialog", () => {
    const result = readRecord({
      raw: {
        _id: "n1",
        sessionID: "a\u0000b",
        createdAt: "2025-01-01",
        os: "i\u0000os",
        dialog: [{ type: "request", payload: { payload: { query: "q\u0000q" } } }],
      },
    });
    expect(result).toMatchObject({ ok: true, transcript: { sessionId: "ab", os: "iOS", question: "qq", searchText: "qq", preview: "qq" } });
    expect(result.ok && JSON.stringify(storedDialog(String(result.transcript.sourceJson), result.transcript))).toContain("q\\u0000q");
  });

  it('keeps a "__proto__" field of an entry as a field, never as the entry\'s prototype', () => {
    const raw = JSON.parse(
      '{"_id":"p1","sessionID":"s","createdAt":"2025-01-01","dialog":[{"__proto__":{"payload":{"message":"inherited"}},"type":"text"},{"type":"text","payload":{"message":"own"}}]}',
    );
    const result = normalizeTranscript(raw);
    if (!result.ok) throw new Error(result.reason);
    const [entry] = result.record.dialog;
    expect(Object.getPrototypeOf(entry)).toBe(Object.prototype);
    expect(Object.hasOwn(entry, "__proto__")).toBe(true);
    expect(entry.payload).toBeUndefined();
    expect(readRecord({ raw })).toMatchObject({ ok: true, transcript: { messageCount: 2, searchText: "own" } });
  });
});
