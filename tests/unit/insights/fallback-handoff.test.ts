/** @jest-environment node */
// The fallback and handoff signals on hand-written conversations, in every turn shape the
// importer accepts, read through the real normaliser (dialogs.ts).
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { greeting, launch, SHAPES, signalsOf, type SignalCase, type Step } from "../../helpers/dialog-steps";

describe.each(SHAPES)("%s", (shape) => {
  describe("fallback", () => {
    it.each<SignalCase>([
      [
        "a request matched to the platform's None intent, answered by a knowledge-base step",
        [launch, greeting, { user: "do you sell kayaks", intent: "None" }, { bot: "Here is what I found about kayaks." }],
        false,
      ],
      [
        "free text at a capture step (matched to None), the flow goes on",
        [{ bot: "What is your name?" }, { user: "Maria Lopez", intent: "None" }, { bot: "And what is your phone number?" }],
        false,
      ],
      [
        "a request matched to VF.NONE, answered with the platform's no-match answer",
        [{ user: "blorp", intent: "VF.NONE" }, { bot: "Sorry, I didn't get that. Please try again" }],
        true,
      ],
      [
        "the same reprompt to two different messages",
        [
          { bot: "Which size?" },
          { user: "blue", intent: "None" },
          { bot: "Please pick S, M or L." },
          { user: "the blue one", intent: "None" },
          { bot: "Please pick S, M or L." },
        ],
        true,
      ],
      [
        "the same answer to the same question asked twice",
        [{ user: "opening hours" }, { bot: "9 to 5." }, { user: "opening hours" }, { bot: "9 to 5." }],
        false,
      ],
      [
        "the same greeting to two greetings",
        [{ user: "hi", intent: "None" }, { bot: "Hi! How can I help?" }, { user: "hello", intent: "None" }, { bot: "Hi! How can I help?" }],
        false,
      ],
      [
        "a request matched to a real intent",
        [{ user: "where is my order", intent: "order_status" }, { bot: "It shipped yesterday." }],
        false,
      ],
      [
        "a no-match re-ask (path reprompt) after a user message",
        [greeting, { user: "asdf" }, { trace: "path", payload: { path: "reprompt" } }, { bot: "Can you say that another way?" }],
        true,
      ],
      [
        "the no-match path (choice:else) after a user message",
        [greeting, { user: "asdf" }, { trace: "path", payload: { path: "choice:else" } }, { bot: "Let me show you the menu." }],
        true,
      ],
      [
        "a re-ask after the user's silence is a no-reply, not a no-match",
        [greeting, { silence: true }, { trace: "path", payload: { path: "reprompt" } }, { bot: "Are you still there?" }],
        false,
      ],
      [
        "an ordinary path after a user message",
        [{ user: "returns" }, { trace: "path", payload: { path: "choice:1" } }, { bot: "Returns are free." }],
        false,
      ],
      [
        "a debug trace naming the None intent, the bot going on",
        [
          { user: "Maria Lopez" },
          { trace: "debug", payload: { message: "matched intent **None** - confidence interval _12%_" } },
          { bot: "Thanks Maria. What is your e-mail?" },
        ],
        false,
      ],
      [
        "a debug trace saying no intent matched, after a user message",
        [
          { user: "qwerty" },
          { trace: "debug", payload: { type: "intent", message: "no intent matched, using fallback" } },
          { bot: "Menu:" },
        ],
        true,
      ],
      [
        "a debug trace saying no intent matched at the launch, before any user message",
        [launch, { trace: "debug", payload: { message: "no intent matched" } }, greeting],
        false,
      ],
      [
        "the platform's default no-match answer (curly apostrophe)",
        [{ user: "blah" }, { bot: "Sorry, I didn’t get that. Please try again" }],
        true,
      ],
      ["a fallback phrase in capitals, with other punctuation", [{ user: "blah" }, { bot: "SORRY... I DIDN'T   GET THAT!!" }], true],
      [
        "a fallback phrase in a voice agent's speak trace",
        [{ user: "blah" }, { trace: "speak", payload: { message: "<speak>I don't understand.</speak>", type: "message" } }],
        true,
      ],
      [
        "a fallback phrase in the Slate content of a text trace",
        [
          { user: "blah" },
          {
            trace: "text",
            payload: { slate: { content: [{ children: [{ text: "Could you " }, { text: "rephrase", bold: true }, { text: " that?" }] }] } },
          },
        ],
        true,
      ],
      [
        "a bot apologising about a delayed parcel",
        [{ user: "my parcel is late", intent: "order_status" }, { bot: "Sorry about the delay! Your parcel arrives tomorrow." }],
        false,
      ],
      [
        "a fallback phrase said by the user, not the bot",
        [{ user: "i didn't understand your answer" }, { bot: "Let me explain it again." }],
        false,
      ],
      ["a conversation without user messages", [launch, greeting, { end: true }], false],
    ])("%s", (_name, steps, expected) => {
      expect(signalsOf(shape, steps).fallback).toBe(expected);
    });

    it("uses the administrator's phrases, matched case- and accent-insensitively", () => {
      const french = compileSignalRules({ fallbackPhrases: ["Je n'ai pas compris", "désolé"], handoffPhrases: [] });
      expect(signalsOf(shape, [{ user: "euh" }, { bot: "JE N’AI PAS COMPRIS." }], french).fallback).toBe(true);
      expect(signalsOf(shape, [{ user: "euh" }, { bot: "Desole, pouvez-vous reformuler ?" }], french).fallback).toBe(true);
      expect(signalsOf(shape, [{ user: "blah" }, { bot: "Sorry, I didn't get that." }], french).fallback).toBe(false);
    });
  });

  describe("handoff", () => {
    it.each<SignalCase>([
      [
        "the platform's live-agent custom action (talk_to_agent)",
        [{ user: "help me" }, { trace: "talk_to_agent", payload: { platform: "intercom" } }],
        true,
      ],
      ["a custom action named handoff", [{ user: "help me" }, { trace: "handoff" }], true],
      ["a request matched to a handoff intent", [{ user: "can someone call me back", intent: "agent_handoff" }, { bot: "Sure." }], true],
      ["a user asking for a real human", [{ user: "Can I speak to a REAL human?" }, { bot: "One moment." }], true],
      ["a user asking for an agent, with an accent and punctuation", [{ user: "Agént, please!!" }, { bot: "One moment." }], true],
      ["a button labelled with a handoff phrase", [greeting, { click: "Talk to an agent" }, { bot: "Connecting you." }], true],
      ["agent inside another word", [{ user: "do you sell reagent kits" }, { bot: "No, sorry." }], false],
      ["agents is not agent", [{ user: "are your agents trained outdoors" }, { bot: "Yes." }], false],
      ["the bot mentioning an agent", [{ user: "my zipper broke" }, { bot: "An agent will review your repair request." }], false],
      [
        "the platform's AI agent step (a trace named agent)",
        [{ user: "what tent for winter" }, { trace: "agent", payload: { message: "thinking" } }, { bot: "The Basecamp 4S." }],
        false,
      ],
      ["an ordinary conversation", [launch, greeting, { user: "where is my order" }, { bot: "It shipped." }], false],
    ])("%s", (_name, steps, expected) => {
      expect(signalsOf(shape, steps).handoff).toBe(expected);
    });
  });
});

describe("platform rules turned off", () => {
  const off = (rule: string) => compileSignalRules({ ...DEFAULT_INSIGHT_SETTINGS, platformRules: { [rule]: false } });
  it.each<[string, Step[], "fallback" | "handoff"]>([
    ["noMatchPath", [{ user: "asdf" }, { trace: "path", payload: { path: "reprompt" } }, { bot: "Menu:" }], "fallback"],
    ["noMatchDebug", [{ user: "asdf" }, { trace: "debug", payload: { message: "no intent matched" } }, { bot: "Menu:" }], "fallback"],
    ["sameReprompt", [{ user: "blue" }, { bot: "Pick S, M or L." }, { user: "the blue one" }, { bot: "Pick S, M or L." }], "fallback"],
    ["handoffAction", [{ user: "help" }, { trace: "talk_to_agent" }], "handoff"],
    ["handoffIntent", [{ user: "can someone call me", intent: "agent_handoff" }, { bot: "Sure." }], "handoff"],
  ])("%s: the signal is no longer found by it", (rule, steps, signal) => {
    expect(signalsOf("legacy dialog", steps)[signal]).toBe(true);
    expect(signalsOf("legacy dialog", steps, off(rule))[signal]).toBe(false);
  });
});
