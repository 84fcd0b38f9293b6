/** @jest-environment node */
// The seed generator: deterministic, and producing the variety the issue asks for.
import { creationTimes, generateTranscripts } from "@/scripts/lib/transcript-generator";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { storableTranscript } from "@/lib/transcripts/prepare-transcript";

const options = { count: 3000, days: 28, seed: "test", endMs: Date.parse("2025-03-29T00:00:00Z") };
const generate = (opts = options) => [...generateTranscripts(opts, 500)].flat();

describe("seed generator", () => {
  const raw = generate();
  const prepared = raw.map((record) => {
    const result = normalizeTranscript(record);
    if (!result.ok) throw new Error(result.reason);
    return { ...result.record, ...storableTranscript(result.record, JSON.stringify(record)) };
  });

  it("is deterministic for the same seed and differs for another", () => {
    expect(JSON.stringify(generate())).toBe(JSON.stringify(raw));
    expect(JSON.stringify(generate({ ...options, seed: "other" }))).not.toBe(JSON.stringify(raw));
  });

  it("spreads creation times over the window, oldest first, quieter at weekends and at night", () => {
    const times = creationTimes(options);
    expect(times[0]).toBeGreaterThanOrEqual(options.endMs - 28 * 86_400_000);
    expect(times[times.length - 1]).toBeLessThanOrEqual(options.endMs);
    expect([...times].every((time, i) => i === 0 || time >= times[i - 1])).toBe(true);
    const byWeekday = new Array(7).fill(0);
    const byHour = new Array(24).fill(0);
    for (const time of times) {
      byWeekday[new Date(time).getUTCDay()] += 1;
      byHour[new Date(time).getUTCHours()] += 1;
    }
    expect(byWeekday[0]).toBeLessThan(byWeekday[2] * 0.7);
    expect(byHour[5]).toBeLessThan(byHour[15] * 0.5);
  });

  it("has 1-30 turns, some single-turn conversations, and odd entries", () => {
    const counts = prepared.map((transcript) => transcript.messageCount);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(30);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(20);
    const types = new Set(prepared.flatMap((transcript) => transcript.dialog.map((entry) => entry.type)));
    for (const type of ["launch", "text", "request", "debug", "choice", "end"]) expect(types).toContain(type);
    expect([...types].some((type) => !["launch", "text", "request", "debug", "choice", "end"].includes(type))).toBe(true);
  });

  it("mixes devices, OSes and browsers, with some missing", () => {
    const devices = new Set(prepared.map((transcript) => transcript.device));
    expect(devices).toEqual(new Set(["Desktop", "Mobile", "Tablet", null]));
    expect(new Set(prepared.map((transcript) => transcript.os)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(prepared.map((transcript) => transcript.browser)).size).toBeGreaterThanOrEqual(5);
  });

  it("writes answers with URLs, bold, lists and references, in several languages", () => {
    const text = prepared.map((transcript) => transcript.searchText).join("\n");
    expect(text).toMatch(/https:\/\/\S+/);
    expect(text).toMatch(/\*\*[^*]+\*\*/);
    expect(text).toMatch(/(^|\n|\s)1\. /);
    expect(text).toMatch(/(^|\s)- /);
    expect(text).toContain("reference: https://");
    expect(text).toMatch(/[\u3040-\u30ff]/);
  });

  it("reuses some sessions across transcripts", () => {
    expect(new Set(prepared.map((transcript) => transcript.sessionId)).size).toBeLessThan(prepared.length);
  });
});
