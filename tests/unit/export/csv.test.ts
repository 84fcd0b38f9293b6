import { buildCsv, collapseLineBreaks, csvCell, BYTE_ORDER_MARK } from "@/lib/export/csv";
import { feedbackExportFileName, transcriptExportFileName } from "@/lib/export/file-names";

describe("csvCell", () => {
  it.each([
    ["plain", '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ["", '""'],
    [null, '""'],
    [undefined, '""'],
    [42, '"42"'],
    ["a,b", '"a,b"'],
    // Formula injection: =, +, -, @, tab and carriage return are neutralised.
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1+2", '"\'+1+2"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\rcmd", '"\'\rcmd"'],
    ["a=b", '"a=b"'],
  ])("%p -> %p", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});

describe("collapseLineBreaks", () => {
  it.each([
    ["one\ntwo", "one two"],
    ["one\r\n\r\ntwo  \n  three", "one two three"],
    ["\nleading and trailing\n", "leading and trailing"],
    ["no breaks", "no breaks"],
  ])("%p -> %p", (input, expected) => {
    expect(collapseLineBreaks(input)).toBe(expected);
  });
});

describe("buildCsv", () => {
  it("starts with a BOM, quotes every value and ends lines with CRLF", () => {
    expect(
      buildCsv(
        ["A", "B"],
        [
          ["1", 'x"y'],
          ["=1", null],
        ],
      ),
    ).toBe(`${BYTE_ORDER_MARK}"A","B"\r\n"1","x""y"\r\n"'=1",""\r\n`);
  });
});

describe("export file names", () => {
  it("use the local calendar date", () => {
    const date = new Date(2025, 2, 5, 23, 59);
    expect(transcriptExportFileName("csv", date)).toBe("transcripts-2025-03-05.csv");
    expect(transcriptExportFileName("json", date)).toBe("transcripts-2025-03-05.json");
    expect(feedbackExportFileName("csv", date)).toBe("feedback-export-2025-03-05.csv");
    expect(feedbackExportFileName("json", date)).toBe("feedback-export-2025-03-05.json");
  });
});
