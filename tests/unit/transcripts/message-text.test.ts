/** @jest-environment node */
// A turn's text is the first available of query, inner message, Slate text, outer
// message, outer Slate text; otherwise '(No message content)'.
import { displayText, messageText, NO_MESSAGE_CONTENT, slateText } from "@/lib/transcripts/message-text";

const slate = (...paragraphs: string[]) => ({ content: paragraphs.map((text) => ({ children: [{ text }] })) });

describe("messageText", () => {
  it.each([
    ["the query of a request", { payload: { type: "intent", payload: { query: "where is my order" } } }, "where is my order"],
    ["the query before an inner message", { payload: { payload: { query: "q", message: "m" } } }, "q"],
    ["the inner message of a text trace", { payload: { type: "text", payload: { message: "Hello" } } }, "Hello"],
    ["the inner message before the Slate text", { payload: { payload: { message: "plain", slate: slate("rich") } } }, "plain"],
    ["the inner Slate text when there is no message", { payload: { payload: { slate: slate("rich text") } } }, "rich text"],
    ["the inner Slate text before the outer message", { payload: { message: "outer", payload: { slate: slate("inner") } } }, "inner"],
    ["the outer message (flattened export)", { payload: { message: "outer message" } }, "outer message"],
    ["the outer message before the outer Slate", { payload: { message: "outer", slate: slate("outer slate") } }, "outer"],
    ["the outer Slate text last", { payload: { slate: slate("only slate") } }, "only slate"],
    ["the query of a flattened request", { payload: { query: "flattened query" } }, "flattened query"],
    [
      "the label of a button click",
      { payload: { type: "path-x1", payload: { label: "Talk to an agent", actions: [] } } },
      "Talk to an agent",
    ],
    ["the raw text of a newer text action", { payload: { type: "text", payload: "typed by the user" } }, "typed by the user"],
    ["blank candidates are skipped", { payload: { payload: { query: "  ", message: "" }, message: "fallback" } }, "fallback"],
    ["non-string candidates are skipped", { payload: { payload: { query: 42, message: { text: "x" } }, message: "fallback" } }, "fallback"],
  ])("takes %s", (_case, entry, expected) => {
    expect(messageText(entry)).toBe(expected);
  });

  it.each([
    ["no payload", {}],
    ["a null payload", { payload: null }],
    ["a string payload", { payload: "text" }],
    ["an end trace", { payload: { time: 1, type: "end" } }],
    ["a launch request", { payload: { type: "launch" } }],
    ["an empty Slate value", { payload: { payload: { slate: { content: [{ children: [{ text: "" }] }] } } } }],
  ])("has no text for %s", (_case, entry) => {
    expect(messageText(entry as { payload?: unknown })).toBeNull();
    expect(displayText(entry as { payload?: unknown })).toBe(NO_MESSAGE_CONTENT);
  });
});

describe("slateText", () => {
  it.each([
    ["leaves of a paragraph run on", [{ children: [{ text: "Hi " }, { text: "there", bold: true }, { text: "!" }] }], "Hi there!"],
    ["paragraphs take a line each", [{ children: [{ text: "one" }] }, { children: [{ text: "two" }] }], "one\ntwo"],
    [
      "a link keeps its URL",
      [{ children: [{ text: "See " }, { type: "link", url: "https://x.example/a", children: [{ text: "our guide" }] }, { text: "." }] }],
      "See our guide (https://x.example/a).",
    ],
    [
      "a link whose text is its URL reads once",
      [{ children: [{ type: "link", url: "https://x.example", children: [{ text: "https://x.example" }] }] }],
      "https://x.example",
    ],
    [
      "a link without text reads as its URL",
      [{ children: [{ type: "link", url: "https://x.example", children: [{ text: "" }] }] }],
      "https://x.example",
    ],
    [
      "nested lists take a line per item",
      [
        {
          type: "bulleted-list",
          children: [
            { type: "list-item", children: [{ children: [{ text: "a" }] }] },
            { type: "list-item", children: [{ children: [{ text: "b" }] }] },
          ],
        },
      ],
      "a\nb",
    ],
    ["a string is itself", "plain", "plain"],
  ])("%s", (_case, content, expected) => {
    expect(slateText(content)).toBe(expected);
  });

  it.each([[undefined], [null], [[]], [{}], [[{ children: [] }]], [[{ children: [{ text: "   " }] }]]])("has no text for %p", (content) => {
    expect(slateText(content)).toBeUndefined();
  });
});
