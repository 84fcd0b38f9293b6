import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TranscriptView } from "@/components/transcript/transcript-view";
import { clearToasts } from "@/components/ui/toast-store";
import { fakeResponse, renderWithProviders, signInLocally } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({
  useRouter: () => mockRouter,
  usePathname: () => "/transcript/t1",
  useSearchParams: () => new URLSearchParams(),
}));

const at = (minute: number, second = 0) => new Date(2025, 2, 5, 15, minute, second).toISOString();

const transcript = {
  _id: "64a1f0c2e4b0a7001f3c9d21",
  sessionID: "web-1741187040000-a1b2c3",
  createdAt: at(4),
  updatedAt: at(9),
  dialog: [
    { type: "launch", timestamp: at(4), payload: {} },
    { type: "text", timestamp: at(4, 1), payload: { payload: { message: "Hi! How can I help?" } } },
    { type: "request", timestamp: at(5), payload: { payload: { query: "Where is my order <img src=x onerror=alert(1)>?" } } },
    { type: "debug", timestamp: at(5), payload: { message: "trace" } },
    {
      type: "text",
      timestamp: at(6),
      payload: {
        payload: {
          message:
            "Order **NW-1** shipped. Track: https://track.example/NW-1.\n1. Go to javascript:alert(1)\nReference: https://help.example/a",
        },
      },
    },
  ],
};

interface Options {
  detail?: { status?: number; body?: unknown };
  ratings?: unknown[];
  submit?: { status: number; body?: unknown };
}

function serve({ detail = { body: transcript }, ratings = [], submit }: Options = {}) {
  const posts: unknown[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://portal.test");
    if (url.pathname.startsWith("/api/transcript/")) return fakeResponse(detail);
    if (url.pathname === "/api/feedback" && init.method === "GET") return fakeResponse({ body: ratings });
    if (url.pathname === "/api/feedback" && init.method === "POST") {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      if (submit) return fakeResponse(submit);
      return fakeResponse({ status: 201, body: { id: `f${posts.length}`, ...body, comment: body.comment ?? null, createdAt: at(10) } });
    }
    return fakeResponse({ status: 404, body: { message: "Not found" } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, posts };
}

const botMessages = () => screen.getAllByTestId("message").filter((el) => el.getAttribute("data-role") === "bot");

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ email: "rita@example.com" });
});

describe("TranscriptView (Transcript page)", () => {
  it("shows the fields and only the text and request turns, user right and bot left, with their times", async () => {
    const { fetch } = serve();
    renderWithProviders(<TranscriptView transcriptId="64a1f0c2e4b0a7001f3c9d21" />);
    expect(screen.getByRole("heading", { name: "Conversation Transcript" })).toBeInTheDocument();
    expect(await screen.findByText("64a1f0c2e4b0a7001f3c9d21")).toBeInTheDocument();
    expect(fetch.mock.calls[0][0]).toBe("/api/transcript/64a1f0c2e4b0a7001f3c9d21");
    const fields = Object.fromEntries(screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(fields).toEqual({
      "Transcript ID": "64a1f0c2e4b0a7001f3c9d21",
      "Session ID": "web-1741187040000-a1b2c3",
      Created: "Mar 5, 2025, 3:04 PM",
      Updated: "Mar 5, 2025, 3:09 PM",
      "Total Messages": "3 turns",
    });
    const messages = screen.getAllByTestId("message");
    expect(messages.map((el) => el.getAttribute("data-role"))).toEqual(["bot", "user", "bot"]);
    expect(messages[0]).toHaveTextContent("3:04:01 PM");
    expect(messages[1]).toHaveClass("flex-row-reverse");
    expect(screen.queryByText("trace")).not.toBeInTheDocument();
    // Only bot messages carry thumbs.
    expect(within(messages[1]).queryByRole("button", { name: "Thumbs up" })).not.toBeInTheDocument();
    expect(botMessages().every((el) => within(el).queryByRole("button", { name: "Thumbs down" }))).toBe(true);
  });

  it("renders links, emphasis and hostile text safely", async () => {
    serve();
    const { container } = renderWithProviders(<TranscriptView transcriptId="t1" />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText(/Where is my order <img src=x onerror=alert\(1\)>\?/)).toBeInTheDocument();
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://track.example/NW-1", "https://help.example/a"]);
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(screen.getByText("NW-1").tagName).toBe("STRONG");
    expect(screen.getByText("Reference:").tagName).toBe("STRONG");
    expect(screen.getByText("1.").tagName).toBe("STRONG");
    expect(screen.getByText(/javascript:alert\(1\)/).closest("a")).toBeNull();
  });

  it("shows 'Transcript not found' for a 404", async () => {
    serve({ detail: { status: 404, body: { message: "Transcript not found" } } });
    renderWithProviders(<TranscriptView transcriptId="nope" />);
    expect(await screen.findByText("Transcript not found")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Conversation Transcript" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy Transcript" })).toBeDisabled();
  });

  it("shows 'Failed to load transcript' with the server's message", async () => {
    serve({ detail: { status: 500, body: { message: "Database unavailable" } } });
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    expect(await screen.findByText("Failed to load transcript")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
  });

  it("says so when there are no conversation messages", async () => {
    serve({ detail: { body: { ...transcript, dialog: [{ type: "launch", timestamp: at(4), payload: {} }] } } });
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    expect(await screen.findByText("No conversation messages available")).toBeInTheDocument();
    expect(screen.getByText("0 turns")).toBeInTheDocument();
  });

  it("copies the transcript as '[time] User: text' lines", async () => {
    serve();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    fireEvent.click(screen.getByRole("button", { name: "Copy Transcript" }));
    expect(await screen.findByText("Copied to clipboard")).toBeInTheDocument();
    expect(screen.getByText("Transcript has been copied to your clipboard")).toBeInTheDocument();
    const lines = (writeText.mock.calls[0] as unknown as [string])[0].split("\n");
    expect(lines[0]).toBe("[3:04:01 PM] Bot: Hi! How can I help?");
    expect(lines[1]).toBe("[3:05:00 PM] User: Where is my order <img src=x onerror=alert(1)>?");
    expect(lines[2].startsWith("[3:06:00 PM] Bot: Order **NW-1** shipped.")).toBe(true);
  });

  it("goes back with the Back button", async () => {
    serve();
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(mockRouter.back.mock.calls.length + mockRouter.push.mock.calls.length).toBe(1);
  });
});

describe("the search that found the transcript", () => {
  const scrolledTo: string[] = [];
  const jsdomScroll = Element.prototype.scrollIntoView;
  beforeAll(() => {
    // jsdom lays nothing out: record which match (or message) each scroll was for.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.getAttribute("data-search-match") ?? this.id);
    };
  });
  afterAll(() => {
    Element.prototype.scrollIntoView = jsdomScroll;
  });
  beforeEach(() => {
    scrolledTo.length = 0;
    window.location.hash = "";
  });

  const marks = () =>
    Array.from(document.querySelectorAll("mark")).map((mark) => [
      mark.getAttribute("data-search-match"),
      mark.textContent,
      mark.getAttribute("aria-current"),
    ]);

  it("marks its matches in reading order across the messages and steps through them, round", async () => {
    serve();
    renderWithProviders(<TranscriptView transcriptId="t1" search="  ORDER " />);
    expect(await screen.findByText("Match 1 of 2 for")).toBeInTheDocument();
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 1 of 2 for “ORDER”");
    expect(marks()).toEqual([
      ["0", "order", "true"],
      ["1", "Order", null],
    ]);
    expect(scrolledTo).toEqual(["0"]);
    fireEvent.click(screen.getByRole("button", { name: "Next match" }));
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 2 of 2");
    expect(marks().map((mark) => mark[2])).toEqual([null, "true"]);
    fireEvent.click(screen.getByRole("button", { name: "Next match" }));
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 1 of 2");
    fireEvent.click(screen.getByRole("button", { name: "Previous match" }));
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 2 of 2");
    expect(scrolledTo).toEqual(["0", "1", "0", "1"]);
    expect(screen.getByRole("link", { name: "Clear" })).toHaveAttribute("href", "/transcript/t1");

    // The keys n and Shift+N do the same, except in a field.
    fireEvent.keyDown(document.body, { key: "n" });
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 1 of 2");
    fireEvent.keyDown(document.body, { key: "N", shiftKey: true });
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 2 of 2");
    fireEvent.keyDown(document.body, { key: "n", ctrlKey: true });
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 2 of 2");
    const field = document.body.appendChild(document.createElement("input"));
    fireEvent.keyDown(field, { key: "n" });
    expect(screen.getByTestId("search-hits")).toHaveTextContent("Match 2 of 2");
    field.remove();
  });

  it("keeps the place of a message the address points at instead of scrolling to the first match", async () => {
    window.location.hash = "#message-2";
    serve();
    renderWithProviders(<TranscriptView transcriptId="t1" search="order" />);
    expect(await screen.findByText("Match 1 of 2 for")).toBeInTheDocument();
    await waitFor(() => expect(scrolledTo).toEqual(["message-2"]));
  });

  it("says when the shown messages do not hold the search, and marks nothing without one", async () => {
    serve();
    const { unmount } = renderWithProviders(<TranscriptView transcriptId="t1" search="refund" />);
    expect(await screen.findByText("No matches for “refund” in these messages")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next match" })).not.toBeInTheDocument();
    unmount();
    serve();
    renderWithProviders(<TranscriptView transcriptId="t1" search="   " />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    expect(screen.queryByTestId("search-hits")).not.toBeInTheDocument();
    expect(marks()).toEqual([]);
  });
});

describe("feedback on bot messages", () => {
  it("shows earlier ratings on opening", async () => {
    serve({
      ratings: [{ id: "f1", transcriptId: "t1", messageIndex: 2, feedbackType: "thumbs_down", comment: "Wrong", createdAt: at(9) }],
    });
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    await waitFor(() => expect(within(botMessages()[1]).getByTestId("message-rating")).toHaveTextContent("Not Helpful"));
    expect(within(botMessages()[0]).queryByTestId("message-rating")).not.toBeInTheDocument();
    expect(within(botMessages()[1]).getByRole("button", { name: "Thumbs down" })).toHaveAttribute("aria-pressed", "true");
  });

  it("sends a thumbs up at once, without a dialog", async () => {
    const { posts } = serve();
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    fireEvent.click(within(botMessages()[0]).getByRole("button", { name: "Thumbs up" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByText("Feedback submitted")).toBeInTheDocument();
    expect(screen.getByText("Thank you for your feedback!")).toBeInTheDocument();
    expect(posts).toEqual([{ transcriptId: "t1", messageIndex: 0, feedbackType: "thumbs_up" }]);
    expect(within(botMessages()[0]).getByTestId("message-rating")).toHaveTextContent("Helpful");
  });

  it("opens Provide Feedback on thumbs down; Cancel clears the comment and sends nothing; Submit sends the trimmed comment", async () => {
    const { posts } = serve();
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    fireEvent.click(within(botMessages()[1]).getByRole("button", { name: "Thumbs down" }));
    const dialog = await screen.findByRole("dialog", { name: "Provide Feedback" });
    expect(within(dialog).getByText(/^Help us improve!/)).toBeInTheDocument();
    expect(within(dialog).getByText("0 / 1000 characters")).toBeInTheDocument();
    const box = within(dialog).getByRole("textbox");
    expect(box).toHaveAttribute("maxLength", "1000");
    fireEvent.change(box, { target: { value: "Not what I asked" } });
    expect(within(dialog).getByText("16 / 1000 characters")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts).toEqual([]);

    fireEvent.click(within(botMessages()[1]).getByRole("button", { name: "Thumbs down" }));
    const again = await screen.findByRole("dialog", { name: "Provide Feedback" });
    expect(within(again).getByRole("textbox")).toHaveValue("");
    fireEvent.change(within(again).getByRole("textbox"), { target: { value: "  The link is wrong  " } });
    fireEvent.click(within(again).getByRole("button", { name: "Submit Feedback" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Feedback submitted")).toBeInTheDocument();
    expect(posts).toEqual([{ transcriptId: "t1", messageIndex: 2, feedbackType: "thumbs_down", comment: "The link is wrong" }]);
    expect(within(botMessages()[1]).getByTestId("message-rating")).toHaveTextContent("Not Helpful");

    // A later thumbs up on the same message replaces the rating.
    fireEvent.click(within(botMessages()[1]).getByRole("button", { name: "Thumbs up" }));
    await waitFor(() => expect(within(botMessages()[1]).getByTestId("message-rating")).toHaveTextContent(/^Helpful$/));
  });

  it("sends a thumbs down without a comment when the box is left empty", async () => {
    const { posts } = serve();
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    fireEvent.click(within(botMessages()[0]).getByRole("button", { name: "Thumbs down" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Submit Feedback" }));
    await waitFor(() => expect(posts).toEqual([{ transcriptId: "t1", messageIndex: 0, feedbackType: "thumbs_down" }]));
  });

  it.each([
    [{ status: 400, body: { message: "messageIndex must point at a bot message" } }, "messageIndex must point at a bot message"],
    [{ status: 500 }, "An error occurred while submitting your feedback"],
  ])("says 'Failed to submit feedback' (%p)", async (submit, description) => {
    serve({ submit });
    renderWithProviders(<TranscriptView transcriptId="t1" />);
    await screen.findByText("64a1f0c2e4b0a7001f3c9d21");
    fireEvent.click(within(botMessages()[0]).getByRole("button", { name: "Thumbs up" }));
    expect(await screen.findByText("Failed to submit feedback")).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(within(botMessages()[0]).queryByTestId("message-rating")).not.toBeInTheDocument();
  });
});
