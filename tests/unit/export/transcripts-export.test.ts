import {
  EXPORT_PAGE_SIZE,
  TRANSCRIPT_CSV_HEADER,
  buildTranscriptsCsv,
  buildTranscriptsJson,
  enrichTranscript,
  exportPageCount,
  needsDetail,
  type ListedTranscript,
} from "@/lib/export/transcripts-export";
import type { TranscriptListItem } from "@/lib/schemas/transcripts";

const base: ListedTranscript = { id: "t1", sessionId: "s1", timestamp: "2025-03-05T15:04:00.000Z", preview: "Where is my order?" };
const full: TranscriptListItem = { ...base, messageCount: 4, duration: "3m 12s", question: "Where is my order?", answer: "It shipped." };

const dialog = [
  { type: "launch", timestamp: "2025-03-05T15:04:00.000Z", payload: {} },
  { type: "text", timestamp: "2025-03-05T15:04:00.000Z", payload: { payload: { message: "Hello" } } },
  { type: "request", timestamp: "2025-03-05T15:05:00.000Z", payload: { payload: { query: "Where is\nmy order?" } } },
  { type: "text", timestamp: "2025-03-05T15:07:12.000Z", payload: { payload: { message: "It shipped." } } },
];

describe("exportPageCount (pages 1 to ceil(total/100))", () => {
  it.each([
    [0, 0],
    [1, 1],
    [100, 1],
    [101, 2],
    [600, 6],
    [10_000, 100],
    [10_001, 101],
  ])("%p transcripts -> %p pages", (total, pages) => {
    expect(EXPORT_PAGE_SIZE).toBe(100);
    expect(exportPageCount(total)).toBe(pages);
  });
});

describe("needsDetail and enrichTranscript", () => {
  it.each([
    ["a full row", full, false],
    ["no derived fields", base, true],
    ["no answer", { ...full, answer: undefined }, true],
    ["no message count", { ...full, messageCount: undefined }, true],
    ["an empty question is still present", { ...full, question: "", answer: "" }, false],
  ])("%s -> %p", (_name, item, expected) => {
    expect(needsDetail(item as ListedTranscript)).toBe(expected);
  });

  it("keeps a full row as it is", () => {
    expect(enrichTranscript(full, null)).toBe(full);
  });

  it("derives the fields from the dialog", () => {
    expect(enrichTranscript(base, { dialog })).toEqual({
      ...base,
      messageCount: 3,
      duration: "3m 12s",
      question: "Where is\nmy order?",
      answer: "It shipped.",
    });
  });

  it("gives 0, N/A and empty texts when the detail call failed", () => {
    expect(enrichTranscript(base, null)).toEqual({ ...base, messageCount: 0, duration: "N/A", question: "", answer: "" });
  });

  it("keeps the fields the row has and fills in the others", () => {
    expect(enrichTranscript({ ...base, messageCount: 9 }, null)).toEqual({
      ...base,
      messageCount: 9,
      duration: "N/A",
      question: "",
      answer: "",
    });
  });

  it("a dialog with one turn has no duration", () => {
    expect(enrichTranscript(base, { dialog: dialog.slice(0, 2) })).toMatchObject({
      messageCount: 1,
      duration: "N/A",
      question: "",
      answer: "",
    });
  });
});

describe("buildTranscriptsCsv", () => {
  it("starts with a BOM, the seven columns and the review's four", () => {
    const csv = buildTranscriptsCsv([]);
    expect(TRANSCRIPT_CSV_HEADER).toEqual([
      "Transcript ID",
      "Session ID",
      "Timestamp",
      "Duration",
      "Messages",
      "Question",
      "Answer",
      "Review Status",
      "Tags",
      "Assignee",
      "Notes",
    ]);
    expect(csv).toBe(
      '\uFEFF"Transcript ID","Session ID","Timestamp","Duration","Messages","Question","Answer","Review Status","Tags","Assignee","Notes"\r\n',
    );
  });

  it("writes the review: status, tag names, the assignee's email, the note count; formulas neutralised", () => {
    const row = buildTranscriptsCsv([
      {
        ...full,
        reviewStatus: "needs_attention",
        tags: [
          { id: "a", name: "Billing", color: "#112233" },
          { id: "b", name: "Wrong answer", color: "#445566" },
        ],
        assignee: { id: "u1", email: "=cmd@example.com", name: "Ann" },
        noteCount: 3,
      },
    ]).split("\r\n")[1];
    expect(row.endsWith(',"needs_attention","Billing; Wrong answer","\'=cmd@example.com","3"')).toBe(true);
  });

  it("writes a row per transcript, quoted, line breaks collapsed, quotes doubled", () => {
    const csv = buildTranscriptsCsv([full, { ...full, id: "t2", question: 'He said "hi"\nthen left', answer: "Line one\r\n\r\nLine two" }]);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toEqual([
      '"Transcript ID","Session ID","Timestamp","Duration","Messages","Question","Answer","Review Status","Tags","Assignee","Notes"',
      '"t1","s1","2025-03-05T15:04:00.000Z","3m 12s","4","Where is my order?","It shipped.","","","",""',
      '"t2","s1","2025-03-05T15:04:00.000Z","3m 12s","4","He said ""hi"" then left","Line one Line two","","","",""',
      "",
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ["+1", '"\'+1"'],
    ["-1+2", '"\'-1+2"'],
    ["@SUM(A1:A9)", '"\'@SUM(A1:A9)"'],
  ])("neutralises a formula in a question: %p", (question, cell) => {
    const row = buildTranscriptsCsv([{ ...full, question }]).split("\r\n")[1];
    expect(row.split(",").slice(5).join(",")).toBe(`${cell},"It shipped.","","","",""`);
  });

  it("neutralises a formula in an id and a session id too", () => {
    const row = buildTranscriptsCsv([{ ...full, id: "=cmd", sessionId: "@x" }]).split("\r\n")[1];
    expect(row.startsWith('"\'=cmd","\'@x",')).toBe(true);
  });
});

describe("buildTranscriptsJson", () => {
  it("pretty-prints the enriched list", () => {
    const json = buildTranscriptsJson([full]);
    expect(JSON.parse(json)).toEqual([full]);
    expect(json).toContain('\n  {\n    "id": "t1",');
  });
});
