import { singleLine } from "@/lib/format/single-line";

describe("singleLine", () => {
  it("folds every run of whitespace, line breaks and tabs included, into one space, and trims", () => {
    expect(singleLine("  Where is\n\n my\torder?\r\n ")).toBe("Where is my order?");
    expect(singleLine("one")).toBe("one");
    expect(singleLine(" \n\t ")).toBe("");
  });
});
