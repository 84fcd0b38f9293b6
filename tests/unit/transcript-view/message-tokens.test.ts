import { inlineTokens, messageTokens, safeHref, trimUrl } from "@/lib/transcript-view/message-tokens";

const text = (value: string, strong = false) => ({ kind: "text", text: value, strong });
const link = (value: string, href = value, strong = false) => ({ kind: "link", text: value, href, strong });
const reference = { kind: "reference", text: "Reference:" };

describe("links (URLs become links, trailing punctuation trimmed)", () => {
  it.each([
    ["Track it here: https://track.example/NW-1.", [text("Track it here: "), link("https://track.example/NW-1"), text(".")]],
    ["see http://a.example/x, then", [text("see "), link("http://a.example/x", "http://a.example/x"), text(", then")]],
    ["(https://a.example/path)", [text("("), link("https://a.example/path"), text(")")]],
    ["https://en.wikipedia.org/wiki/Foo_(bar)", [link("https://en.wikipedia.org/wiki/Foo_(bar)")]],
    ["https://a.example/q?x=1&y=2!", [link("https://a.example/q?x=1&y=2"), text("!")]],
    [
      "Go to https://a.example/returns\u2026",
      [text("Go to "), link("https://a.example/returns\u2026", "https://a.example/returns%E2%80%A6")],
    ],
    ["HTTPS://A.EXAMPLE/Up", [link("HTTPS://A.EXAMPLE/Up", "https://a.example/Up")]],
    [
      "two https://a.example and https://b.example/",
      [text("two "), link("https://a.example", "https://a.example/"), text(" and "), link("https://b.example/")],
    ],
    ["Label (https://a.example/doc)", [text("Label ("), link("https://a.example/doc"), text(")")]],
  ])("%p", (input, expected) => {
    expect(inlineTokens(input)).toEqual(expected);
  });

  it.each([
    // Nothing but http and https becomes a link.
    "javascript:alert(1)",
    "JaVaScRiPt:alert(document.cookie)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "ftp://files.example/x",
    "mailto:someone@example.com",
    "www.example.com",
    "//evil.example/path",
    "https://",
    "http:///nohost",
  ])("%p stays plain text", (input) => {
    expect(inlineTokens(input).every((token) => token.kind !== "link")).toBe(true);
  });

  it("never lets a quote or angle bracket into a link", () => {
    const tokens = inlineTokens('https://a.example/"onmouseover="alert(1) <https://b.example/><script>');
    const links = tokens.filter((token) => token.kind === "link");
    expect(links.map((token) => token.kind === "link" && token.href)).toEqual(["https://a.example/", "https://b.example/"]);
  });

  it("keeps HTML tags as text", () => {
    expect(inlineTokens('<img src=x onerror="alert(1)"><b>hi</b>')).toEqual([text('<img src=x onerror="alert(1)"><b>hi</b>')]);
  });

  it.each([
    ["https://a.example/x.", "https://a.example/x"],
    ["https://a.example/x),", "https://a.example/x"],
    ["https://a.example/(x)", "https://a.example/(x)"],
    ["https://a.example/x]", "https://a.example/x"],
    ["https://a.example/x'\"", "https://a.example/x"],
    ["https://a.example/x?!.", "https://a.example/x"],
  ])("trimUrl(%p) -> %p", (input, expected) => {
    expect(trimUrl(input)).toBe(expected);
  });

  it.each([
    ["https://a.example/x", "https://a.example/x"],
    ["http://a.example", "http://a.example/"],
    ["javascript:alert(1)", null],
    ["https://", null],
  ])("safeHref(%p) -> %p", (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});

describe("emphasis (bold markers, list starts, 'Reference:')", () => {
  it.each([
    ["Order **NW-123** shipped", [text("Order "), text("NW-123", true), text(" shipped")]],
    ["**a** and **b**", [text("a", true), text(" and "), text("b", true)]],
    ["**https://a.example/x**", [link("https://a.example/x", "https://a.example/x", true)]],
    ["an unclosed ** marker", [text("an unclosed ** marker")]],
    ["** not bold **", [text("** not bold **")]],
    ["Reference: https://help.example/a", [reference, text(" "), link("https://help.example/a")]],
    ["See Reference: here", [text("See "), reference, text(" here")]],
    ["**<script>alert(1)</script>**", [text("<script>alert(1)</script>", true)]],
  ])("%p", (input, expected) => {
    expect(inlineTokens(input)).toEqual(expected);
  });

  it("marks the start of numbered and bulleted list items, line by line", () => {
    const lines = messageTokens(
      "Here's how:\n1. Go to https://a.example/returns\n2) Enter your **order**\n- Unused items\n* Sale items\n• Boxes\n3.5 kg is not a list\n\nReference: https://h.example/a",
    );
    expect(lines.map((line) => line.listMarker)).toEqual([null, "1.", "2)", "-", "*", "•", null, null, null]);
    expect(lines[1].tokens).toEqual([text("Go to "), link("https://a.example/returns")]);
    expect(lines[2].tokens).toEqual([text("Enter your "), text("order", true)]);
    expect(lines[7].tokens).toEqual([]);
    expect(lines[8].tokens).toEqual([reference, text(" "), link("https://h.example/a")]);
  });

  it("splits on every kind of line break", () => {
    expect(messageTokens("a\r\nb\rc\nd")).toHaveLength(4);
  });
});
