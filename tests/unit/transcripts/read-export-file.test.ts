/** @jest-environment node */
// The import command's streaming reader, across chunk boundaries and on malformed input.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readRecord } from "@/lib/transcripts/read-record";
import { readExportFile, type FileItem } from "@/scripts/lib/read-export-file";

const dir = mkdtempSync(path.join(os.tmpdir(), "read-export-"));

async function read(name: string, content: string | Buffer, chunkSize?: number): Promise<FileItem[]> {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const items: FileItem[] = [];
  for await (const item of readExportFile(file, () => undefined, chunkSize)) items.push(item);
  return items;
}

const records = (items: FileItem[]) => items.flatMap((item) => (item.kind === "record" ? [item.record.raw] : []));
const problems = (items: FileItem[]) => items.flatMap((item) => (item.kind === "problem" ? [item] : []));

describe("readExportFile", () => {
  it("streams a large array whose elements cross chunk boundaries", async () => {
    // Strings full of brackets, commas, quotes, escapes and multi-byte characters, over many 64 KB chunks.
    const tricky = 'a "quoted" [bracket], {brace}, back\\slash, \\"\\\\", 日本語 😀 ';
    // Runs of backslashes of every length, so that some chunk ends inside an escape.
    const transcripts = Array.from({ length: 3000 }, (_, i) => ({
      _id: `id${i}`,
      sessionID: `s${i}`,
      note: tricky.repeat(i % 7) + "\\".repeat(i % 5) + '"',
      n: i,
    }));
    const items = await read("big.json", `\uFEFF[\n${transcripts.map((t) => JSON.stringify(t, null, i2(t.n))).join(",\n")}\n]\n`);
    expect(problems(items)).toEqual([]);
    expect(records(items)).toEqual(transcripts);
    expect(items.map((item) => (item.kind === "record" ? item.index : -1))).toEqual(transcripts.map((_, i) => i));
  });

  it.each([1, 2, 3, 7, 13])("splits correctly when every %p bytes is a chunk boundary", async (chunkSize) => {
    const values = [{ a: 'x\\"y', b: ["]", "}", ","] }, "\\\\", 'q"q', { c: "日本語😀\\\\\\" }, 12.5, null, { d: { e: [[], {}] } }];
    const items = await read(`chunks-${chunkSize}.json`, ` [ ${values.map((v) => JSON.stringify(v)).join(" , ")} ] `, chunkSize);
    expect(problems(items)).toEqual([]);
    expect(records(items)).toEqual(values);
  });

  it("keeps each element's text as it stands in the file, across chunk boundaries", async () => {
    const values = [
      { _id: "a", note: "日本語 😀 é" },
      { _id: "b", note: '"quoted", [x]' },
    ];
    const texts = values.map((v) => JSON.stringify(v));
    for (const chunkSize of [3, 1 << 20]) {
      const items = await read(`texts-${chunkSize}.json`, `[${texts.join(",")}]`, chunkSize);
      expect(items.flatMap((item) => (item.kind === "record" ? [item.record.text] : []))).toEqual(texts);
    }
  });

  it("decodes an element that is not valid UTF-8 with replacement characters", async () => {
    const content = Buffer.concat([Buffer.from('[{"_id": "a", "note": "caf'), Buffer.from([0xe9]), Buffer.from('"}, {"_id": "b"}]')]);
    const [first, second] = (await read("latin1.json", content)).flatMap((item) => (item.kind === "record" ? [item.record] : []));
    expect(first).toEqual({ raw: { _id: "a", note: "caf\uFFFD" }, text: '{"_id": "a", "note": "caf\uFFFD"}', nesting: 1 });
    expect(second).toEqual({ raw: { _id: "b" }, text: '{"_id": "b"}', nesting: 1 });
  });

  it("reads scalars and empty arrays", async () => {
    expect(records(await read("scalars.json", '[1, "two", null, true, {"a": []}]'))).toEqual([1, "two", null, true, { a: [] }]);
    expect(await read("empty-array.json", "  [ ]  ")).toEqual([]);
  });

  it("counts each element's nesting as it splits them, strings' brackets aside", async () => {
    const items = await read("nesting.json", '[1, {}, {"a": [{"b": []}], "c": "[[{{"}, "]]", [[]]]', 8);
    expect(items.map((item) => (item.kind === "record" ? item.record.nesting : null))).toEqual([0, 1, 4, 0, 2]);
  });

  it("refuses, by that count, an element nested more than 100 levels deep and reads one of 100", async () => {
    const element = (id: string, arrays: number) =>
      `{"_id": "${id}", "sessionID": "s", "createdAt": "2025-01-01", "extra": ${"[".repeat(arrays)}${"]".repeat(arrays)}}`;
    const items = await read("deep.json", `[${element("d100", 99)}, ${element("d101", 100)}]`, 16);
    const results = items.map((item) => (item.kind === "record" ? readRecord(item.record) : null));
    expect(results).toEqual([
      expect.objectContaining({ ok: true, transcript: expect.objectContaining({ id: "d100" }) }),
      { ok: false, id: "d101", reason: "nested more than 100 levels deep" },
    ]);
  });

  it("reports a bad element and goes on", async () => {
    const items = await read("bad-element.json", '[{"_id": "a"}, {"_id": bad}, {"_id": "c"}]');
    expect(records(items)).toEqual([{ _id: "a" }, { _id: "c" }]);
    expect(problems(items)).toEqual([{ kind: "problem", index: 1, reason: expect.stringMatching(/^element 1 is not valid JSON/) }]);
  });

  it("reports an array cut short after the elements it could read", async () => {
    const items = await read("cut.json", '[{"_id": "a"}, {"_id": "b", "dialog": [');
    expect(records(items)).toEqual([{ _id: "a" }]);
    expect(problems(items)).toEqual([{ kind: "problem", index: 1, reason: expect.stringMatching(/not closed/) }]);
  });

  it("gathers a bare dialog array into one transcript named after the file", async () => {
    const entry = { type: "text", format: "trace", payload: { payload: { message: "hi" } } };
    const items = await read("65e7a1f0c2b3d4e5f6a7b8cc.json", JSON.stringify([entry, entry]));
    expect(items).toEqual([
      {
        kind: "record",
        index: 0,
        record: { raw: { dialog: [entry, entry] }, fallback: { id: "65e7a1f0c2b3d4e5f6a7b8cc", sessionId: "65e7a1f0c2b3d4e5f6a7b8cc" } },
      },
    ]);
  });

  it("parses objects whole, and reports empty and unreadable files", async () => {
    expect(records(await read("holder.json", '{"transcripts": [{"_id": "a"}, {"_id": "b"}]}'))).toEqual([{ _id: "a" }, { _id: "b" }]);
    expect(problems(await read("empty.json", " \n"))).toEqual([{ kind: "problem", reason: "the file is empty" }]);
    expect(problems(await read("broken.json", '{"_id": '))[0].reason).toMatch(/^not valid JSON/);
  });

  it("reads JSON Lines, skipping blank lines and reporting bad ones", async () => {
    const items = await read("lines.jsonl", '{"_id": "a"}\n\n{oops}\r\n{"_id": "c"}\n');
    expect(records(items)).toEqual([{ _id: "a" }, { _id: "c" }]);
    expect(problems(items)).toEqual([{ kind: "problem", index: 1, reason: expect.stringMatching(/^line 2 is not valid JSON/) }]);
  });
});

function i2(n: number): number {
  return n % 3;
}
