// The detectors against their corpus (detection-corpus.ts): every written variant is caught and
// redacted where it stands in the original text, ordinary text is left alone, and the rates listed
// in docs/privacy-detection.md are those this test measures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { findSpans } from "@/lib/privacy/find-spans";
import { foldForDetection } from "@/lib/privacy/normalize-text";
import { BUILT_IN_KINDS, type BuiltInKind } from "@/lib/privacy/placeholders";
import { redactText } from "@/lib/privacy/redactor";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { MUST_CATCH, ORDINARY } from "./detection-corpus";

const ALL = DEFAULT_PRIVACY_SETTINGS;
const caughtCases = Object.entries(MUST_CATCH).flatMap(([kind, cases]) => cases.map(([text, redacted]) => [kind, text, redacted] as const));

describe("the detection corpus", () => {
  it.each(caughtCases)("%s: catches %j", (_kind, text, redacted) => {
    expect(redactText(text, ALL).text).toBe(redacted);
  });

  it.each(ORDINARY)("leaves %j alone", (text) => {
    expect(findSpans(text, ALL.redact)).toEqual([]);
  });

  it("reads ordinary ASCII text as it is, without folding it", () => {
    for (const text of ORDINARY.filter((one) => /^[\x00-\x7f]*$/.test(one))) expect(foldForDetection(text)).toBeNull();
  });

  it("measures the rates docs/privacy-detection.md lists", () => {
    const measured = BUILT_IN_KINDS.map((kind: BuiltInKind) => {
      const cases = kind === "ip" ? [] : MUST_CATCH[kind];
      const caught = cases.filter(([text, redacted]) => redactText(text, ALL).text === redacted).length;
      const falsePositives = ORDINARY.filter((text) => findSpans(text, ALL.redact).some((span) => span.kind === kind)).length;
      return `| ${kind} | ${kind === "ip" ? "not in the corpus" : `${caught}/${cases.length}`} | ${falsePositives}/${ORDINARY.length} |`;
    });
    const documented = readFileSync(path.join(process.cwd(), "docs/privacy-detection.md"), "utf8")
      .split("\n")
      .filter((line) => /^\| (email|phone|card|iban|ip) \|/.test(line));
    expect(documented).toEqual(measured);
  });
});
