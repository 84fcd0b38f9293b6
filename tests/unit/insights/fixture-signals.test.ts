/** @jest-environment node */
// The signals of the importer's fixtures of real export shapes (tests/fixtures/transcripts).
import { deriveSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { fixture } from "../transcripts/fixtures";

const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);
const none = { fallback: false, handoff: false, unanswered: false, repeated: false, questionGroup: null, questionExample: null };

it.each([
  // A "matched intent: None" debug trace at the launch, before the user said anything, is no fallback;
  // the clicked "Talk to an agent" button is a handoff.
  [
    "legacy-transcript.json",
    0,
    { handoff: true, questionGroup: "where is my order <id>", questionExample: "Where is my order NW-123456?" },
  ],
  ["logs-transcript.json", 0, { questionGroup: "cancel my membership", questionExample: "cancel my membership" }],
  ["flattened-older-export.json", 0, { questionGroup: "do you ship to canada", questionExample: "Do you ship to Canada?" }],
  ["other-trace-types.json", 0, {}],
  ["launch-shapes-and-reused-session.json", 0, { questionGroup: "store hours", questionExample: "store hours?" }],
  ["launch-shapes-and-reused-session.json", 1, {}],
  ["epoch-times.json", 1, { questionGroup: "refund status", questionExample: "refund status" }],
])("%s, record %i", (name, index, expected) => {
  const content = fixture(`valid/${name}`);
  const result = normalizeTranscript(Array.isArray(content) ? content[index] : content);
  if (!result.ok) throw new Error(result.reason);
  expect(deriveSignals(result.record.dialog, rules)).toEqual({ ...none, ...expected });
});
