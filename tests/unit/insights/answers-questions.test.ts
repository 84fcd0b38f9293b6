/** @jest-environment node */
// The unanswered, repeated-question and question-group signals on hand-written
// conversations, in every turn shape the importer accepts, read through the real normaliser (dialogs.ts).
import { MAX_COMPARED_QUESTIONS, QUESTION_EXAMPLE_MAX_LENGTH } from "@/lib/insights/derive-signals";
import { greeting, launch, SHAPES, signalsOf, type SignalCase, type Step } from "../../helpers/dialog-steps";

describe.each(SHAPES)("%s", (shape) => {
  describe("unanswered", () => {
    it.each<SignalCase>([
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
      ["a button click that got no answer", [greeting, { click: "Track another order" }], true],
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
      expect(signalsOf(shape, steps).unanswered).toBe(expected);
    });
  });

  describe("repeated question", () => {
    it.each<SignalCase>([
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
      expect(signalsOf(shape, steps).repeated).toBe(expected);
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
      expect(signalsOf(shape, [...distinct, { user: "what are your store hours" }, { user: "what are your store hours" }]).repeated).toBe(
        false,
      );
      expect(signalsOf(shape, [...distinct.slice(0, -1), { user: "where is my order" }]).repeated).toBe(true);
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
      expect(signalsOf(shape, steps)).toMatchObject({ questionGroup: group, questionExample: example });
    });

    it("groups the same question asked about two orders", () => {
      const first = signalsOf(shape, [{ user: "where is my order NW-5532?" }]);
      const second = signalsOf(shape, [{ user: "Where is my order nw-9921" }]);
      expect(first.questionGroup).toBe(second.questionGroup);
    });

    it(`cuts the example at ${QUESTION_EXAMPLE_MAX_LENGTH} characters`, () => {
      const long = `why ${"🏕️ tent ".repeat(200)}`;
      const { questionExample } = signalsOf(shape, [{ user: long }]);
      expect(Array.from(questionExample!).length).toBeLessThanOrEqual(QUESTION_EXAMPLE_MAX_LENGTH);
      expect(long.startsWith(questionExample!)).toBe(true);
    });
  });
});

it("a question group is the same whatever shape the transcript came in", () => {
  const groups = SHAPES.map((shape) => signalsOf(shape, [{ user: "Où est ma commande NW-5532 ?" }]).questionGroup);
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
  expect(signalsOf("legacy dialog", steps)).toEqual({
    fallback: true,
    handoff: true,
    unanswered: true,
    repeated: true,
    questionGroup: "where is my order <id>",
    questionExample: "where is my order NW-5532",
  });
});
