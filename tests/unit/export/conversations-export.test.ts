import { conversationCsvRows, conversationJsonLine, conversationLine, type ConversationSource } from "@/lib/export/conversations-export";
import { conversationsExportFileName } from "@/lib/export/file-names";
import { DELETED_USER_NAME } from "@/lib/schemas/review";

const turn = (type: "request" | "text" | "launch", text: string, timestamp: string | null) => ({
  type,
  timestamp,
  payload: type === "request" ? { type: "intent", payload: { query: text } } : { type, payload: { message: text } },
});

const source: ConversationSource = {
  id: "t1",
  sessionId: "s1",
  createdAt: "2025-04-01T10:00:00.000Z",
  updatedAt: "2025-04-01T10:05:00.000Z",
  origin: "ingest",
  device: "mobile",
  dialog: [
    turn("launch", "", "2025-04-01T10:00:00.000Z"),
    turn("request", "Where is my order?", "2025-04-01T10:00:01.000Z"),
    turn("text", "=IMPORTXML(1)\nLine two", "2025-04-01T10:00:02.000Z"),
    turn("request", "thanks", null),
  ],
  reviewStatus: "needs_attention",
  assignee: { id: "u1", email: "lead@example.com", name: "Lead" },
  tags: [{ id: "g1", name: "Escalate", color: "#aa0000" }],
  signals: ["handoff"],
  notes: [
    { authorEmail: "a@example.com", createdAt: "2025-04-02T00:00:00.000Z", body: "Check this" },
    { authorEmail: null, createdAt: "2025-04-03T00:00:00.000Z", body: "Gone" },
  ],
  ratings: [
    { messageIndex: 1, userEmail: "a@example.com", feedbackType: "thumbs_down", comment: 'Wrong, "very"' },
    { messageIndex: 1, userEmail: null, feedbackType: "thumbs_up", comment: null },
    { messageIndex: 1, userEmail: "b@example.com", feedbackType: "thumbs_down", comment: "@someone" },
    // A rating of a message the transcript no longer shows.
    { messageIndex: 7, userEmail: "b@example.com", feedbackType: "thumbs_up", comment: null },
  ],
};

describe("conversationLine", () => {
  it("holds the transcript, its review and its shown messages, indexed as ratings count them", () => {
    expect(conversationLine(source)).toEqual({
      id: "t1",
      sessionId: "s1",
      createdAt: "2025-04-01T10:00:00.000Z",
      updatedAt: "2025-04-01T10:05:00.000Z",
      source: "ingest",
      device: "mobile",
      os: null,
      browser: null,
      review: {
        status: "needs_attention",
        assignee: "lead@example.com",
        tags: ["Escalate"],
        notes: [
          { author: "a@example.com", createdAt: "2025-04-02T00:00:00.000Z", text: "Check this" },
          { author: DELETED_USER_NAME, createdAt: "2025-04-03T00:00:00.000Z", text: "Gone" },
        ],
      },
      signals: ["handoff"],
      messages: [
        { index: 0, role: "user", time: "2025-04-01T10:00:01.000Z", text: "Where is my order?", ratings: [] },
        {
          index: 1,
          role: "bot",
          time: "2025-04-01T10:00:02.000Z",
          text: "=IMPORTXML(1)\nLine two",
          ratings: [
            { user: "a@example.com", feedbackType: "thumbs_down", comment: 'Wrong, "very"' },
            { user: DELETED_USER_NAME, feedbackType: "thumbs_up", comment: null },
            { user: "b@example.com", feedbackType: "thumbs_down", comment: "@someone" },
          ],
        },
        { index: 2, role: "user", time: null, text: "thanks", ratings: [] },
      ],
    });
  });

  it("is one line of JSON, ended by a newline", () => {
    const line = conversationJsonLine(source);
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toContain("\n");
    expect(JSON.parse(line)).toEqual(conversationLine(source));
  });
});

describe("conversationCsvRows", () => {
  it("writes one quoted, formula-safe row per shown message with its ratings' counts and comments", () => {
    expect(conversationCsvRows(source)).toBe(
      [
        '"t1","s1","0","user","2025-04-01T10:00:01.000Z","Where is my order?","0","0",""',
        '"t1","s1","1","bot","2025-04-01T10:00:02.000Z","\'=IMPORTXML(1)\nLine two","1","2","Wrong, ""very""\n@someone"',
        '"t1","s1","2","user","","thanks","0","0",""',
      ].join("\r\n") + "\r\n",
    );
  });

  it("writes nothing for a transcript without shown messages", () => {
    expect(conversationCsvRows({ ...source, dialog: [turn("launch", "", null)] })).toBe("");
  });
});

describe("conversationsExportFileName", () => {
  it("names the UTC date", () => {
    expect(conversationsExportFileName("jsonl", new Date("2025-03-05T23:30:00-05:00"))).toBe("transcripts-conversations-2025-03-06.jsonl");
    expect(conversationsExportFileName("csv", new Date("2025-03-05T08:00:00Z"))).toBe("transcripts-conversations-2025-03-05.csv");
  });
});
