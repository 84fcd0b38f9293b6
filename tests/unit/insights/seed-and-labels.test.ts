/** @jest-environment node */
// Insights: the seed generator's conversations carry realistic signal rates
// (demo and bench data), and a flattened button click reads as its label.
import { deriveSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { messageText } from "@/lib/transcripts/message-text";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { generateTranscripts } from "@/scripts/lib/transcript-generator";

describe("seed generator signal rates", () => {
  const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);
  const signals = [...generateTranscripts({ count: 2000, days: 30, seed: "rates", endMs: Date.parse("2026-03-01T00:00:00Z") })]
    .flat()
    .map((record) => {
      const result = normalizeTranscript(record);
      if (!result.ok) throw new Error(result.reason);
      return deriveSignals(result.record.dialog, rules);
    });
  const share = (pick: (s: (typeof signals)[number]) => boolean) => signals.filter(pick).length / signals.length;

  it("marks a minority of conversations as fallbacks and handoffs", () => {
    expect(share((s) => s.fallback)).toBeGreaterThan(0.05);
    expect(share((s) => s.fallback)).toBeLessThan(0.3);
    expect(share((s) => s.handoff)).toBeGreaterThan(0.03);
    expect(share((s) => s.handoff)).toBeLessThan(0.3);
  });

  it("leaves a few last messages unanswered and repeats a few questions", () => {
    expect(share((s) => s.unanswered)).toBeGreaterThan(0.005);
    expect(share((s) => s.unanswered)).toBeLessThan(0.1);
    expect(share((s) => s.repeated)).toBeGreaterThan(0.01);
    expect(share((s) => s.repeated)).toBeLessThan(0.2);
  });

  it("gives most conversations a question group", () => {
    expect(share((s) => s.questionGroup !== null)).toBeGreaterThan(0.8);
  });
});

describe("messageText of a button click", () => {
  it("reads the label inside the request's payload", () => {
    expect(messageText({ payload: { type: "path-x1", payload: { label: "Track my order", actions: [] } } })).toBe("Track my order");
  });

  it("reads the label of a click whose payload the export flattened", () => {
    expect(messageText({ payload: { label: "Talk to an agent", actions: [] } })).toBe("Talk to an agent");
  });

  it("still prefers a query to a label", () => {
    expect(messageText({ payload: { query: "where is my order", label: "Orders" } })).toBe("where is my order");
  });
});
