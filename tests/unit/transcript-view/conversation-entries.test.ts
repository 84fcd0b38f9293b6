/** @jest-environment node */
// The full conversation view's entries, for each trace shape of ../shared/TRANSCRIPT-FORMAT.md, in
// every turn shape the importer accepts (read through the real normaliser): the shown turns keep
// their numbers, everything else the bot sent comes in order with its time.
import { conversationEntries, safeMediaUrl, spokenText, type ConversationEntry } from "@/lib/transcript-view/conversation-entries";
import { shownTurns } from "@/lib/transcript-view/shown-turns";
import { dialogOf, greeting, launch, SHAPES, type Step } from "../../helpers/dialog-steps";

/** The entries without turns' details and times: kind and what it shows. */
function outline(entries: ConversationEntry[]) {
  return entries.map((entry) => {
    if (entry.kind === "turn") return `turn ${entry.turn.index} ${entry.turn.role}: ${entry.turn.text}`;
    if (entry.kind === "day") return "day";
    const { kind, timestamp: _timestamp, ...rest } = entry;
    return Object.keys(rest).length > 0 ? { kind, ...rest } : kind;
  });
}

describe.each(SHAPES)("%s", (shape) => {
  const entries = (...steps: Step[]) => conversationEntries(dialogOf(shape, steps));

  it("keeps the shown turns, numbered as the specification's view numbers them", () => {
    const dialog = dialogOf(shape, [launch, greeting, { user: "hi" }, { trace: "debug", payload: { message: "x" } }, { bot: "Hello!" }]);
    const turns = conversationEntries(dialog).flatMap((entry) => (entry.kind === "turn" ? [entry.turn] : []));
    expect(turns).toEqual(shownTurns(dialog));
  });

  it("shows the buttons offered and the one clicked", () => {
    const choice: Step = {
      trace: "choice",
      payload: {
        buttons: [
          { name: "Track my order", request: { type: "path-a1", payload: { label: "Track my order" } } },
          { name: "Returns", request: { type: "intent", payload: { intent: { name: "returns" } } } },
        ],
      },
    };
    expect(outline(entries(greeting, choice, { click: "Returns" }, { bot: "Free within 30 days." }))).toEqual([
      "day",
      "turn 0 bot: Hi! I'm Ava. How can I help?",
      { kind: "buttons", labels: ["Track my order", "Returns"], chosen: "Returns" },
      "turn 1 user: Returns",
      "turn 2 bot: Free within 30 days.",
    ]);
    expect(outline(entries(choice, { bot: "Pick one." }))).toEqual([
      "day",
      { kind: "buttons", labels: ["Track my order", "Returns"], chosen: null },
      "turn 0 bot: Pick one.",
    ]);
  });

  it("shows cards, carousels and images, keeping only http(s) and data image sources", () => {
    const card = {
      title: "Summit 40",
      description: { text: "Our most popular pack" },
      imageUrl: "https://cdn.example.com/summit.png",
      buttons: [{ name: "Buy", request: { type: "path-b" } }],
    };
    expect(
      outline(
        entries(
          { trace: "cardV2", payload: card },
          { trace: "carousel", payload: { cards: [card, { title: "Trail 7", description: "Day pack", imageUrl: "javascript:alert(1)" }] } },
          { trace: "visual", payload: { image: "data:image/png;base64,iVBORw0KGgo=" } },
          { trace: "visual", payload: { image: "javascript:alert(1)" } },
        ),
      ),
    ).toEqual([
      "day",
      {
        kind: "card",
        card: {
          title: "Summit 40",
          description: "Our most popular pack",
          imageUrl: "https://cdn.example.com/summit.png",
          buttons: ["Buy"],
        },
      },
      {
        kind: "carousel",
        cards: [
          { title: "Summit 40", description: "Our most popular pack", imageUrl: "https://cdn.example.com/summit.png", buttons: ["Buy"] },
          { title: "Trail 7", description: "Day pack", imageUrl: null, buttons: [] },
        ],
      },
      { kind: "image", url: "data:image/png;base64,iVBORw0KGgo=" },
    ]);
  });

  it("shows a voice agent's lines without SSML, with their http(s) or data audio", () => {
    expect(
      outline(
        entries(
          {
            trace: "speak",
            payload: { message: "<speak>Welcome to <emphasis>Northwind</emphasis>.</speak>", src: "https://cdn.example.com/a.mp3" },
          },
          { trace: "speak", payload: { message: "Goodbye", src: "javascript:alert(1)" } },
          { trace: "speak", payload: { message: "", src: "data:audio/mpeg;base64,SUQz" } },
        ),
      ),
    ).toEqual([
      "day",
      { kind: "voice", text: "Welcome to Northwind .", audioUrl: "https://cdn.example.com/a.mp3" },
      { kind: "voice", text: "Goodbye", audioUrl: null },
      { kind: "voice", text: "", audioUrl: "data:audio/mpeg;base64,SUQz" },
    ]);
  });

  it("marks the no-reply timeout, the handoff, the end of a session and a restart; folds custom actions", () => {
    expect(
      outline(
        entries(
          launch,
          greeting,
          { trace: "no-reply", payload: { timeout: 30 } },
          { user: "agent please" },
          { trace: "talk_to_agent", payload: { platform: "zendesk" } },
          { trace: "order_lookup", payload: { orderId: "NW-1" } },
          { trace: "path", payload: { path: "choice:1" } },
          { trace: "flow", payload: { diagramID: "main" } },
          { end: true },
          launch,
          greeting,
        ),
      ),
    ).toEqual([
      "day",
      "turn 0 bot: Hi! I'm Ava. How can I help?",
      "no-reply",
      "turn 1 user: agent please",
      { kind: "handoff", name: "talk_to_agent" },
      { kind: "action", name: "order_lookup", details: JSON.stringify({ orderId: "NW-1" }, null, 2) },
      "end",
      "restart",
      "turn 2 bot: Hi! I'm Ava. How can I help?",
    ]);
  });

  it("marks the user's silence once, whether the platform recorded it as a request, a trace or both", () => {
    const result = entries(greeting, { silence: true }, { trace: "no-reply", payload: { timeout: 30 } }, { bot: "Still there?" });
    expect(result.filter((entry) => entry.kind === "no-reply")).toHaveLength(1);
  });

  it("dates the turns again whenever they cross a day", () => {
    const result = entries(greeting, { user: "hours?" }, { wait: 86_400 * 2 }, launch, greeting, { user: "hours?" });
    expect(outline(result)).toEqual([
      "day",
      "turn 0 bot: Hi! I'm Ava. How can I help?",
      "turn 1 user: hours?",
      "day",
      "restart",
      "turn 2 bot: Hi! I'm Ava. How can I help?",
      "turn 3 user: hours?",
    ]);
    const days = result.flatMap((entry) => (entry.kind === "day" ? [entry.date] : []));
    expect(Date.parse(days[1]) - Date.parse(days[0])).toBe(86_400_000 * 2 + 2_000);
  });
});

describe("safeMediaUrl", () => {
  it.each([
    ["https://cdn.example.com/a.png", "image", "https://cdn.example.com/a.png"],
    ["  http://cdn.example.com/a.png ", "image", "http://cdn.example.com/a.png"],
    ["data:image/svg+xml;base64,PHN2Zz4=", "image", "data:image/svg+xml;base64,PHN2Zz4="],
    ["data:audio/mpeg;base64,SUQz", "image", null],
    ["data:text/html,<script>alert(1)</script>", "image", null],
    ["javascript:alert(1)", "audio", null],
    ["//cdn.example.com/a.mp3", "audio", null],
    ["https://", "audio", null],
    [42, "image", null],
  ] as const)("%j as %s → %j", (value, media, expected) => {
    expect(safeMediaUrl(value, media)).toBe(expected);
  });
});

describe("spokenText", () => {
  it("drops SSML tags and collapses spaces", () => {
    expect(spokenText('<speak>Hello <break time="1s"/> there</speak>')).toBe("Hello there");
  });
});
