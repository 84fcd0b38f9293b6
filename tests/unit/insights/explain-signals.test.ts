/** @jest-environment node */
// Each signal of a transcript with the shown turn that shows it (counted like ratings'
// messageIndex: text and request turns only) and a short reason.
import { explainSignals } from "@/lib/insights/explain-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { dialogOf, greeting, launch, SHAPES } from "../../helpers/dialog-steps";

const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);

describe.each(SHAPES)("%s", (shape) => {
  const explain = (...steps: Parameters<typeof dialogOf>[1]) => explainSignals(dialogOf(shape, steps), rules);

  it("names the bot's fallback answer and quotes it", () => {
    // Shown turns: 0 greeting, 1 user, 2 bot.
    expect(explain(launch, greeting, { user: "asdf", intent: "None" }, { bot: "Sorry, I didn't get that. Please try again" })).toEqual([
      {
        kind: "fallback",
        messageIndex: 2,
        reason: "the bot answered with a fallback phrase: 'Sorry, I didn't get that. Please try again'",
      },
    ]);
  });

  it("places a no-match path on the message it answers", () => {
    expect(
      explain(greeting, { user: "pizza" }, { trace: "path", payload: { path: "choice:else" } }, { bot: "Pick one of the buttons." }),
    ).toEqual([{ kind: "fallback", messageIndex: 1, reason: 'the bot took its no-match path ("choice:else")' }]);
  });

  it("names the same reprompt said twice", () => {
    const steps = [
      { bot: "Which size?" },
      { user: "blue" },
      { bot: "Please pick S, M or L." },
      { user: "the blue one" },
      { bot: "Please pick S, M or L." },
    ];
    expect(explain(...steps)).toEqual([
      { kind: "fallback", messageIndex: 4, reason: "the bot answered the same thing to two different messages: 'Please pick S, M or L.'" },
    ]);
  });

  it("explains a handoff, an unanswered last message and a repeated question, in the order found", () => {
    const explained = explain(
      launch,
      greeting,
      { user: "how do I reset my password" },
      { bot: "Use the link." },
      { user: "how do I reset my password?" },
      { trace: "talk_to_agent", payload: {} },
    );
    expect(explained).toEqual([
      { kind: "handoff", messageIndex: 3, reason: 'the bot handed the conversation over ("talk_to_agent")' },
      { kind: "unanswered", messageIndex: 3, reason: "the user's last message got no answer from the bot" },
      { kind: "repeated", messageIndex: 3, reason: "the user asked the same question again" },
    ]);
  });

  it("cuts a long quote and gives null before any turn", () => {
    const long = `I didn't understand ${"that part of your message ".repeat(10)}`;
    const [fallback] = explain({ user: "x" }, { bot: long });
    expect(fallback.reason.length).toBeLessThan(140);
    expect(fallback.reason.endsWith("…'")).toBe(true);
    expect(explain({ trace: "handoff" }, greeting)).toEqual([
      { kind: "handoff", messageIndex: null, reason: 'the bot handed the conversation over ("handoff")' },
    ]);
  });

  it("finds nothing in an ordinary conversation", () => {
    expect(explain(launch, greeting, { user: "Maria Lopez", intent: "None" }, { bot: "Thanks Maria, your phone number?" })).toEqual([]);
  });
});
