/** @jest-environment node */
// Issue 33: each signal on hand-written conversations, in every turn shape the importer accepts,
// read through the real normaliser (dialogs.ts).
import { deriveSignals, MAX_COMPARED_QUESTIONS, QUESTION_EXAMPLE_MAX_LENGTH, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { dialogOf, SHAPES, type Shape, type Step } from "./dialogs";

const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);
const signals = (shape: Shape, steps: Step[], signalRules = rules): TranscriptSignals => deriveSignals(dialogOf(shape, steps), signalRules);

const launch: Step = { launch: true };
const greeting: Step = { bot: "Hi! I'm Ava. How can I help?" };

type Case = [name: string, steps: Step[], expected: boolean];

/**
 * Signals read a turn's text as the transcript page shows it (message-text.ts), which reads no
 * label from a button click whose payload is flattened: such a click is no user message there.
 */
const clickIsMessage = (shape: Shape) => shape !== "exportraw turns";

describe.each(SHAPES)("%s", (shape) => {
  describe("fallback", () => {
    it.each<Case>([
      [
        "a request matched to the platform's None intent",
        [launch, greeting, { user: "do you sell kayaks", intent: "None" }, { bot: "Here is what I found about kayaks." }],
        true,
      ],
      ["a request matched to VF.NONE", [{ user: "blorp", intent: "VF.NONE" }, { bot: "Here you go." }], true],
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
        "a debug trace naming the None intent",
        [
          { user: "hmm what" },
          { trace: "debug", payload: { message: "matched intent **None** - confidence interval _12%_" } },
          { bot: "Here is our menu." },
        ],
        true,
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
      expect(signals(shape, steps).fallback).toBe(expected);
    });

    it("uses the administrator's phrases, matched case- and accent-insensitively", () => {
      const french = compileSignalRules({ fallbackPhrases: ["Je n'ai pas compris", "désolé"], handoffPhrases: [] });
      expect(signals(shape, [{ user: "euh" }, { bot: "JE N’AI PAS COMPRIS." }], french).fallback).toBe(true);
      expect(signals(shape, [{ user: "euh" }, { bot: "Desole, pouvez-vous reformuler ?" }], french).fallback).toBe(true);
      expect(signals(shape, [{ user: "blah" }, { bot: "Sorry, I didn't get that." }], french).fallback).toBe(false);
    });
  });

  describe("handoff", () => {
    it.each<Case>([
      [
        "the platform's live-agent custom action (talk_to_agent)",
        [{ user: "help me" }, { trace: "talk_to_agent", payload: { platform: "intercom" } }],
        true,
      ],
      ["a custom action named handoff", [{ user: "help me" }, { trace: "handoff" }], true],
      ["a request matched to a handoff intent", [{ user: "can someone call me back", intent: "agent_handoff" }, { bot: "Sure." }], true],
      ["a user asking for a real human", [{ user: "Can I speak to a REAL human?" }, { bot: "One moment." }], true],
      ["a user asking for an agent, with an accent and punctuation", [{ user: "Agént, please!!" }, { bot: "One moment." }], true],
      [
        "a button labelled with a handoff phrase",
        [greeting, { click: "Talk to an agent" }, { bot: "Connecting you." }],
        clickIsMessage(shape),
      ],
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
      expect(signals(shape, steps).handoff).toBe(expected);
    });
  });

  describe("unanswered", () => {
    it.each<Case>([
      ["the user's only question got no answer", [launch, greeting, { user: "where is my order" }, { end: true }], true],
      ["the user's question was answered", [launch, greeting, { user: "where is my order" }, { bot: "It shipped." }], false],
      [
        "the last of several questions got no answer",
        [{ user: "where is my order" }, { bot: "It shipped." }, { user: "and my refund?" }, { end: true }],
        true,
      ],
      [
        "only debug and path traces followed the last message",
        [
          { user: "hello?" },
          { trace: "debug", payload: { message: "matched intent **faq**" } },
          { trace: "path", payload: { path: "choice:1" } },
        ],
        true,
      ],
      ["a button click that got no answer", [greeting, { click: "Track another order" }], clickIsMessage(shape)],
      [
        "an answer given as a carousel only",
        [{ user: "show me tents" }, { trace: "carousel", payload: { cards: [{ title: "Basecamp 2" }] } }],
        false,
      ],
      [
        "an answer given as buttons only",
        [{ user: "what can you do" }, { trace: "choice", payload: { buttons: [{ name: "Orders" }] } }],
        false,
      ],
      [
        "a voice agent's spoken answer",
        [{ user: "store hours" }, { trace: "speak", payload: { message: "<speak>We open at nine.</speak>" } }],
        false,
      ],
      ["a text trace without text does not answer", [{ user: "store hours" }, { trace: "text", payload: {} }], true],
      ["no user message at all", [launch, greeting, { end: true }], false],
    ])("%s", (_name, steps, expected) => {
      expect(signals(shape, steps).unanswered).toBe(expected);
    });
  });

  describe("repeated question", () => {
    it.each<Case>([
      [
        "the same question with other order numbers",
        [{ user: "where is my order NW-5532?" }, { bot: "Which one?" }, { user: "Where is my order nw-9921" }, { bot: "It shipped." }],
        true,
      ],
      ["a typo away", [{ user: "where is my ordr" }, { bot: "Sorry?" }, { user: "where is my order" }, { bot: "It shipped." }], true],
      [
        "the same words and one more",
        [{ user: "how do i return an item" }, { bot: "Here is how." }, { user: "how do I return an item please" }],
        true,
      ],
      [
        "different questions",
        [{ user: "where is my order" }, { bot: "It shipped." }, { user: "how do i return an item" }, { bot: "Here is how." }],
        false,
      ],
      [
        "questions a letter apart in meaning, too short to call typos",
        [{ user: "refund" }, { bot: "..." }, { user: "return" }, { bot: "..." }],
        false,
      ],
      ["greetings twice", [{ user: "hi" }, greeting, { user: "hello?" }, greeting], false],
      ["the same button twice", [{ click: "Track another order" }, { bot: "Order number?" }, { click: "Track another order" }], false],
      ["one question", [{ user: "where is my order" }, { bot: "It shipped." }], false],
    ])("%s", (_name, steps, expected) => {
      expect(signals(shape, steps).repeated).toBe(expected);
    });

    it(`compares only the first ${MAX_COMPARED_QUESTIONS} real questions`, () => {
      const distinct = [
        "where is my order",
        "how do i return an item",
        "what size should i get",
        "is the tent waterproof",
        "do you ship to canada",
        "how much is shipping",
        "can i pay with paypal",
        "i forgot my password",
        "my zipper broke",
        "do you have a discount code",
        "are you open on sunday",
        "is there a store near me",
        "how many points do i have",
        "can i cancel my order",
        "when is your next sale",
        "do you repair boots",
        "what is the warranty",
        "can i change my email address",
        "do you sell gift cards",
        "how long does delivery take",
      ].map((user): Step => ({ user }));
      expect(distinct).toHaveLength(MAX_COMPARED_QUESTIONS);
      expect(signals(shape, [...distinct, { user: "what are your store hours" }, { user: "what are your store hours" }]).repeated).toBe(
        false,
      );
      expect(signals(shape, [...distinct.slice(0, -1), { user: "where is my order" }]).repeated).toBe(true);
    });
  });

  describe("question group", () => {
    it.each<[name: string, steps: Step[], group: string | null, example: string | null]>([
      [
        "the first typed question",
        [launch, greeting, { user: "  Where is my order NW-5532?  " }, { bot: "It shipped." }, { user: "thanks, and returns?" }],
        "where is my order <id>",
        "Where is my order NW-5532?",
      ],
      [
        "greetings, clicks and a bare order number are passed over",
        [launch, greeting, { user: "hi" }, { click: "Track an order" }, { user: "NW-5532" }, { user: "Has it shipped yet?" }],
        "has it shipped yet",
        "Has it shipped yet?",
      ],
      [
        "none when the user only greets and clicks",
        [launch, greeting, { user: "hello there!" }, { click: "Talk to an agent" }, { user: "thanks 👍" }],
        null,
        null,
      ],
      ["none without user messages", [launch, greeting], null, null],
      [
        "a German question",
        [{ user: "Wo ist meine Bestellung NW-123456?" }],
        "wo ist meine bestellung <id>",
        "Wo ist meine Bestellung NW-123456?",
      ],
      [
        "a Japanese question",
        [{ user: "注文した商品はいつ届きますか？" }],
        "注文した商品はいつ届きますか",
        "注文した商品はいつ届きますか？",
      ],
    ])("%s", (_name, steps, group, example) => {
      expect(signals(shape, steps)).toMatchObject({ questionGroup: group, questionExample: example });
    });

    it("groups the same question asked about two orders", () => {
      const first = signals(shape, [{ user: "where is my order NW-5532?" }]);
      const second = signals(shape, [{ user: "Where is my order nw-9921" }]);
      expect(first.questionGroup).toBe(second.questionGroup);
    });

    it(`cuts the example at ${QUESTION_EXAMPLE_MAX_LENGTH} characters`, () => {
      const long = `why ${"🏕️ tent ".repeat(200)}`;
      const { questionExample } = signals(shape, [{ user: long }]);
      expect(Array.from(questionExample!).length).toBeLessThanOrEqual(QUESTION_EXAMPLE_MAX_LENGTH);
      expect(long.startsWith(questionExample!)).toBe(true);
    });
  });
});

it("a question group is the same whatever shape the transcript came in", () => {
  const groups = SHAPES.map((shape) => signals(shape, [{ user: "Où est ma commande NW-5532 ?" }]).questionGroup);
  expect(new Set(groups)).toEqual(new Set(["ou est ma commande <id>"]));
});

it("derives the signals of a whole conversation at once", () => {
  const steps: Step[] = [
    launch,
    greeting,
    { user: "where is my order NW-5532", intent: "order_status" },
    { bot: "Sorry, I didn't get that." },
    { user: "Where is my order nw-5532?" },
    { trace: "talk_to_agent" },
  ];
  expect(signals("legacy dialog", steps)).toEqual({
    fallback: true,
    handoff: true,
    unanswered: true,
    repeated: true,
    questionGroup: "where is my order <id>",
    questionExample: "where is my order NW-5532",
  });
});
