// Redaction on the transcript page: the placeholders of redacted values show as badges named for
// what they replaced, within the message's usual rendering (bold, links, lists, search marks).
import { render, screen, within } from "@testing-library/react";
import { MessageContent, searchMatchSelector } from "@/components/transcript/message-content";
import { TranscriptView } from "@/components/transcript/transcript-view";
import { placeholderPieces } from "@/lib/transcript-view/placeholder-pieces";
import { messageMatchCount } from "@/lib/transcript-view/search-matches";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({
  useRouter: () => mockRouter,
  usePathname: () => "/transcript/t1",
  useSearchParams: () => new URLSearchParams(),
}));

describe("placeholderPieces", () => {
  const text = (...parts: [string, number | null][]) => ({ kind: "text", parts: parts.map(([t, match]) => ({ text: t, match })) });
  const badge = (name: string, ...parts: [string, number | null][]) => ({
    kind: "placeholder",
    name,
    parts: parts.map(([t, match]) => ({ text: t, match })),
  });

  it.each([
    ["plain text", "no placeholders here", [], [text(["no placeholders here", null])]],
    ["a built-in placeholder", "mail [EMAIL] now", [], [text(["mail ", null]), badge("EMAIL", ["[EMAIL]", null]), text([" now", null])]],
    ["two in a row", "[PHONE][IP]", [], [badge("PHONE", ["[PHONE]", null]), badge("IP", ["[IP]", null])]],
    ["a bracketed word that is no placeholder", "see [NOTE] and [email]", [], [text(["see [NOTE] and [email]", null])]],
    ["a custom name it is told of", "order [ORDER_ID]", ["ORDER_ID"], [text(["order ", null]), badge("ORDER_ID", ["[ORDER_ID]", null])]],
    ["an empty text", "", [], [text(["", null])]],
  ] as const)("%s", (_, input, custom, expected) => {
    expect(placeholderPieces(input, custom)).toEqual(expected);
  });

  it("finds no placeholders in a text that may hold none (a link)", () => {
    expect(placeholderPieces("https://a.example/[EMAIL]", null)).toEqual([text(["https://a.example/[EMAIL]", null])]);
  });

  it("cuts a search's matches where placeholders start and end, keeping each part's match", () => {
    // "at [email]" runs into the badge; "l] at" runs out of it; "email" lies inside it.
    const input = "mail at [EMAIL] at once";
    expect(
      placeholderPieces(
        input,
        [],
        [
          [5, 15],
          [19, 22],
        ],
      ),
    ).toEqual([text(["mail ", null], ["at ", 0]), badge("EMAIL", ["[EMAIL]", 0]), text([" at ", null], ["onc", 1], ["e", null])]);
    expect(placeholderPieces("[EMAIL]", [], [[1, 6]])).toEqual([badge("EMAIL", ["[", null], ["EMAIL", 0], ["]", null])]);
  });
});

describe("MessageContent shows placeholders as badges", () => {
  it("names each badge for what it replaced and keeps the text as written", () => {
    const { container } = render(<MessageContent text={"Write to [EMAIL] or call [PHONE].\nCard [CARD], account [IBAN], from [IP]."} />);
    for (const label of [
      "redacted e-mail address",
      "redacted phone number",
      "redacted payment card number",
      "redacted IBAN",
      "redacted IP address",
    ]) {
      expect(screen.getByRole("img", { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole("img", { name: "redacted e-mail address" })).toHaveTextContent("[EMAIL]");
    expect(screen.getByRole("img", { name: "redacted e-mail address" })).toHaveAttribute("title", "Redacted e-mail address");
    // Copying the text gives what was stored.
    expect(container.textContent).toBe("Write to [EMAIL] or call [PHONE].Card [CARD], account [IBAN], from [IP].");
  });

  it("shows custom placeholders as badges only when told their names", () => {
    const { rerender } = render(<MessageContent text="Your order [ORDER_ID] and [NOTE]" />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    rerender(<MessageContent text="Your order [ORDER_ID] and [NOTE]" customPlaceholders={["ORDER_ID"]} />);
    expect(screen.getByRole("img", { name: "redacted order id" })).toHaveTextContent("[ORDER_ID]");
    expect(screen.getAllByRole("img")).toHaveLength(1);
  });

  it("keeps bold text, links, list items and 'Reference:' around the badges", () => {
    render(
      <MessageContent
        text={"**Sent to [EMAIL]** today.\n1. Track it: https://track.example/[EMAIL]/x\nReference: [PHONE]"}
        customPlaceholders={[]}
      />,
    );
    const bold = screen.getByText((_, element) => element?.tagName === "STRONG" && element.textContent === "Sent to [EMAIL]");
    expect(within(bold).getByRole("img", { name: "redacted e-mail address" })).toBeInTheDocument();
    // A link's text is its address: no badge inside it.
    const link = screen.getByRole("link");
    expect(link).toHaveAttribute("href", "https://track.example/[EMAIL]/x");
    expect(within(link).queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("1.")).toBeInTheDocument();
    expect(screen.getByText("Reference:").tagName).toBe("STRONG");
    expect(screen.getAllByRole("img")).toHaveLength(2);
  });

  it("marks a search inside and across a badge, numbered as the page counts matches", () => {
    const message = "mail at [EMAIL] or at [EMAIL]";
    const query = "at [email]";
    expect(messageMatchCount(message, query)).toBe(2);
    const { container } = render(<MessageContent text={message} search={{ query, firstMatch: 4, currentMatch: 5 }} />);
    const first = container.querySelectorAll(searchMatchSelector(4));
    const second = container.querySelectorAll(searchMatchSelector(5));
    // Each match is marked in two parts: before the badge and inside it.
    expect([...first].map((mark) => mark.textContent)).toEqual(["at ", "[EMAIL]"]);
    expect([...second].map((mark) => mark.textContent)).toEqual(["at ", "[EMAIL]"]);
    expect([...second].every((mark) => mark.getAttribute("aria-current") === "true")).toBe(true);
    expect(container.querySelectorAll("mark[data-search-match]")).toHaveLength(4);
    expect(screen.getAllByRole("img", { name: "redacted e-mail address" })).toHaveLength(2);
  });
});

describe("the transcript page's badges", () => {
  const at = new Date(2025, 2, 5, 15, 4).toISOString();
  const transcript = {
    _id: "64a1f0c2e4b0a7001f3c9d21",
    sessionID: "web-1",
    createdAt: at,
    updatedAt: at,
    dialog: [
      { type: "request", timestamp: at, payload: { payload: { query: "I am [EMAIL], order [ORDER_ID]" } } },
      { type: "text", timestamp: at, payload: { payload: { message: "We will call [PHONE]." } } },
    ],
  };

  function serve() {
    return stubFetch((url) => {
      if (url.startsWith("/api/transcript/")) return { body: transcript };
      if (url.startsWith("/api/feedback")) return { body: [] };
      if (url === "/api/admin/privacy") {
        return {
          body: {
            redact: { email: true, phone: true, card: true, iban: true, ip: true },
            customPatterns: [{ name: "ORDER_ID", pattern: "ORD-\\d+" }],
            retentionDays: null,
          },
        };
      }
      return undefined;
    });
  }

  it("shows the built-in placeholders as badges to everyone, without asking for the privacy settings", async () => {
    const fetch = serve();
    signInLocally({ email: "rita@example.com" });
    renderWithProviders(<TranscriptView transcriptId={transcript._id} />);
    expect(await screen.findByRole("img", { name: "redacted e-mail address" })).toHaveTextContent("[EMAIL]");
    expect(screen.getByRole("img", { name: "redacted phone number" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "redacted order id" })).not.toBeInTheDocument();
    expect(screen.getByText(/order \[ORDER_ID\]/)).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain("/api/admin/privacy");
  });

  it("shows the saved custom patterns' placeholders as badges to administrators", async () => {
    serve();
    signInLocally({ email: "ada@example.com", isAdmin: true });
    renderWithProviders(<TranscriptView transcriptId={transcript._id} />);
    expect(await screen.findByRole("img", { name: "redacted order id" })).toHaveTextContent("[ORDER_ID]");
    expect(screen.getByRole("img", { name: "redacted e-mail address" })).toBeInTheDocument();
  });
});
