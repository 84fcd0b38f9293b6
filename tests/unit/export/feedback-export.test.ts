import { BYTE_ORDER_MARK } from "@/lib/export/csv";
import { FEEDBACK_CSV_HEADER, feedbackCsv, feedbackExportFile, feedbackJson } from "@/lib/export/feedback-export";
import type { FeedbackDto } from "@/lib/schemas/feedback";

const item = (overrides: Partial<FeedbackDto> = {}): FeedbackDto => ({
  id: "fb1",
  user: { email: "ann@example.com", name: "Ann Lee" },
  transcriptId: "tr-0001",
  messageIndex: 0,
  feedbackType: "thumbs_up",
  comment: null,
  reviewStatus: "pending",
  createdAt: "2025-03-05T15:04:00.000Z",
  ...overrides,
});

const lines = (csv: string) => csv.slice(BYTE_ORDER_MARK.length).split("\r\n");

describe("feedback CSV", () => {
  it("has the nine columns in order", () => {
    expect(FEEDBACK_CSV_HEADER).toEqual([
      "Feedback ID",
      "User Email",
      "User Name",
      "Transcript ID",
      "Message Index",
      "Feedback Type",
      "Comment",
      "Review Status",
      "Created At",
    ]);
    expect(lines(feedbackCsv([]))[0]).toBe(
      '"Feedback ID","User Email","User Name","Transcript ID","Message Index","Feedback Type","Comment","Review Status","Created At"',
    );
  });

  it("starts with a byte-order mark, quotes every value and ends each line with CRLF", () => {
    const csv = feedbackCsv([item()]);
    expect(csv.startsWith(BYTE_ORDER_MARK)).toBe(true);
    expect(lines(csv)).toEqual([
      lines(feedbackCsv([]))[0],
      '"fb1","ann@example.com","Ann Lee","tr-0001","0","thumbs_up","","pending","2025-03-05T15:04:00.000Z"',
      "",
    ]);
  });

  it.each([
    ["raw 0-based message index", item({ messageIndex: 7 }), 4, '"7"'],
    ["thumbs down", item({ feedbackType: "thumbs_down" }), 5, '"thumbs_down"'],
    ["reviewed", item({ reviewStatus: "reviewed" }), 7, '"reviewed"'],
    ["inner quotes doubled", item({ comment: 'It said "no"' }), 6, '"It said ""no"""'],
    ["commas stay inside the quotes", item({ comment: "slow, wrong" }), 6, '"slow, wrong"'],
    ["formula injection neutralised", item({ comment: '=HYPERLINK("http://x")' }), 6, '"\'=HYPERLINK(""http://x"")"'],
    ["a leading plus neutralised", item({ comment: "+1 agree" }), 6, '"\'+1 agree"'],
    ["an injected name neutralised", item({ user: { email: "e@x.io", name: "@SUM(A1)" } }), 2, '"\'@SUM(A1)"'],
    ["no name", item({ user: { email: "e@x.io", name: null } }), 2, '""'],
    ["deleted user: empty e-mail", item({ user: null }), 1, '""'],
    ["deleted user: empty name", item({ user: null }), 2, '""'],
  ])("%s", (_case, feedback, column, expected) => {
    const row = lines(feedbackCsv([feedback]))[1];
    // Split on the "," between quoted cells (the values in these cases hold no such sequence).
    expect(row.slice(1, -1).split('","')[column]).toBe(expected.slice(1, -1));
  });

  it("keeps line breaks inside a quoted comment", () => {
    const csv = feedbackCsv([item({ comment: "first\nsecond" })]);
    expect(csv).toContain('"first\nsecond"');
  });

  it("has one row per item", () => {
    const csv = feedbackCsv([item({ id: "a" }), item({ id: "b" }), item({ id: "c" })]);
    expect(lines(csv).filter(Boolean)).toHaveLength(4);
  });
});

describe("feedback JSON", () => {
  it("is the items, pretty-printed", () => {
    const items = [item(), item({ id: "fb2", user: null, comment: "Bad" })];
    expect(feedbackJson(items)).toBe(JSON.stringify(items, null, 2));
    expect(JSON.parse(feedbackJson(items))).toEqual(items);
  });
});

describe("feedbackExportFile (file names feedback-export-{date})", () => {
  const now = new Date(2025, 2, 5, 15, 4);
  it("builds a CSV file", () => {
    const file = feedbackExportFile([item()], "csv", now);
    expect(file.fileName).toBe("feedback-export-2025-03-05.csv");
    expect(file.mimeType).toMatch(/^text\/csv/);
    expect(file.content).toBe(feedbackCsv([item()]));
  });
  it("builds a JSON file", () => {
    const file = feedbackExportFile([item()], "json", now);
    expect(file.fileName).toBe("feedback-export-2025-03-05.json");
    expect(file.mimeType).toMatch(/^application\/json/);
    expect(file.content).toBe(feedbackJson([item()]));
  });
});
