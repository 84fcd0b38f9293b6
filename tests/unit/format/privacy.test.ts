import {
  erasureProgressText,
  jobPercent,
  personKeysProgressText,
  placeholderLabel,
  redactionProgressText,
  transcriptCount,
} from "@/lib/format/privacy";

describe("transcriptCount", () => {
  it.each([
    [0, "0 transcripts"],
    [1, "1 transcript"],
    [2, "2 transcripts"],
    [1200, "1,200 transcripts"],
  ])("%p -> %p", (count, expected) => {
    expect(transcriptCount(count)).toBe(expected);
  });
});

describe("placeholderLabel (a badge's accessible name)", () => {
  it.each([
    ["EMAIL", "redacted e-mail address"],
    ["PHONE", "redacted phone number"],
    ["CARD", "redacted payment card number"],
    ["IBAN", "redacted IBAN"],
    ["IP", "redacted IP address"],
    ["ORDER_ID", "redacted order id"],
    ["email", "redacted e-mail address"],
  ])("%p -> %p", (name, expected) => {
    expect(placeholderLabel(name)).toBe(expected);
  });
});

describe("redactionProgressText and jobPercent", () => {
  const job = (status: "queued" | "running" | "succeeded" | "failed", done: number, total: number | null, error: string | null = null) => ({
    status,
    done,
    total,
    error,
  });
  it.each([
    [job("queued", 0, null), "Waiting to start…", 0],
    [job("running", 1200, 3000), "1,200 of 3,000 transcripts (40%)", 40],
    [job("running", 1, 1), "1 of 1 transcript (100%)", 100],
    [job("running", 50, null), "50 transcripts checked so far", 0],
    [job("running", 0, 0), "0 of 0 transcripts (0%)", 0],
    [job("succeeded", 3000, 3000), "Done: 3,000 transcripts checked and redacted by the saved settings.", 100],
    [job("succeeded", 0, 0), "Done: 0 transcripts checked and redacted by the saved settings.", 100],
    [job("failed", 10, 3000, "database is locked"), "Failed: database is locked", 0],
    [job("failed", 10, 3000, null), "Failed: the redaction stopped", 0],
  ])("%p -> %p, %p %", (state, text, percent) => {
    expect(redactionProgressText(state)).toBe(text);
    expect(jobPercent(state)).toBe(percent);
  });

  it.each([
    [job("queued", 0, null), "Waiting to start…"],
    [job("running", 1200, 3000), "1,200 of 3,000 transcripts (40%)"],
    [job("running", 50, null), "50 transcripts gone over so far"],
    [job("succeeded", 3000, 3000), "Done: 3,000 transcripts gone over; their people can be found for erasure."],
    [job("failed", 10, 3000, "SOURCES_ENCRYPTION_KEY is not set"), "Failed: SOURCES_ENCRYPTION_KEY is not set"],
    [job("failed", 10, 3000, null), "Failed: the job stopped"],
  ])("person keys: %p -> %p", (state, text) => {
    expect(personKeysProgressText(state)).toBe(text);
  });
});

describe("erasureProgressText", () => {
  it.each([
    [{ status: "queued", done: 0, total: 25_000 }, "Deleting… 0 of 25,000 transcripts (0%)"],
    [{ status: "running", done: 10_000, total: 25_000 }, "Deleting… 10,000 of 25,000 transcripts (40%)"],
    [{ status: "succeeded", done: 25_000, total: 25_000 }, "Deleted 25,000 transcripts"],
    [{ status: "succeeded", done: 1, total: 1 }, "Deleted 1 transcript"],
    [{ status: "failed", done: 2_000, total: 25_000 }, "The erasure stopped after 2,000 of 25,000 transcripts: erase the rest again."],
  ] as const)("%p -> %p", (state, text) => {
    expect(erasureProgressText(state)).toBe(text);
  });
});
