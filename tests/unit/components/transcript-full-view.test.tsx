// The transcript page's "Show everything the bot sent" switch (off by default, remembered in this
// browser) and the signal badges beside the title.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { SHOW_EVERYTHING_KEY, TranscriptView } from "@/components/transcript/transcript-view";
import { clearToasts } from "@/components/ui/toast-store";
import { fakeResponse, renderWithProviders, signInLocally } from "../support/render-app";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() }),
  usePathname: () => "/transcript/t1",
  useSearchParams: () => new URLSearchParams(),
}));

const at = (minute: number) => new Date(2025, 2, 5, 15, minute).toISOString();
const trace = (type: string, minute: number, payload: Record<string, unknown>) => ({
  type,
  timestamp: at(minute),
  payload: { type, payload },
});

const transcript = {
  _id: "64a1f0c2e4b0a7001f3c9d21",
  sessionID: "web-1",
  createdAt: at(0),
  updatedAt: at(9),
  dialog: [
    { type: "launch", timestamp: at(0), payload: {} },
    { type: "text", timestamp: at(1), payload: { payload: { message: "Hi! Pick one." } } },
    trace("choice", 1, { buttons: [{ name: "Returns <b>now</b>" }, { name: "Orders" }] }),
    { type: "request", timestamp: at(2), payload: { type: "path-1", payload: { label: "Returns <b>now</b>" } } },
    trace("cardV2", 3, { title: "Returns", description: { text: "Free within 30 days" }, imageUrl: "javascript:alert(1)", buttons: [] }),
    trace("speak", 4, { message: "<speak>Anything else?</speak>", src: "https://cdn.example.com/a.mp3" }),
    trace("talk_to_agent", 5, {}),
    { type: "end", timestamp: at(6) },
  ],
  signals: [{ kind: "handoff", messageIndex: 1, reason: 'the bot handed the conversation over ("talk_to_agent")' }],
};

function serve() {
  (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://portal.test");
    if (url.pathname.startsWith("/api/transcript/")) return fakeResponse({ body: transcript });
    if (url.pathname === "/api/feedback") return fakeResponse({ body: [] });
    return fakeResponse({ status: 404, body: { message: "Not found" } });
  });
}

beforeEach(() => {
  window.localStorage.clear();
  act(() => clearToasts());
  signInLocally({ email: "rita@example.com" });
  serve();
});

const entryKinds = () => screen.queryAllByTestId("conversation-entry").map((item) => item.getAttribute("data-kind"));

it("shows the specification's view until the switch is turned on, then everything, and remembers it", async () => {
  const { unmount } = renderWithProviders(<TranscriptView transcriptId="t1" />);
  await screen.findByText("Hi! Pick one.");
  const toggle = screen.getByRole("switch", { name: "Show everything the bot sent" });
  expect(toggle).not.toBeChecked();
  expect(entryKinds()).toEqual([]);
  expect(screen.getAllByTestId("message")).toHaveLength(2);

  fireEvent.click(toggle);
  expect(entryKinds()).toEqual(["day", "buttons", "card", "voice", "handoff", "end"]);
  // The same numbered turns, and labels as text, never as HTML.
  expect(screen.getAllByTestId("message").map((item) => item.getAttribute("data-index"))).toEqual(["0", "1"]);
  const buttons = screen.getAllByTestId("conversation-entry")[1];
  expect(within(buttons).getByText("Returns <b>now</b>").closest("li")).toHaveAttribute("data-chosen", "true");
  expect(document.querySelector("b")).toBeNull();
  expect(screen.getByTestId("conversation-card").querySelector("img")).toBeNull();
  expect(screen.getByText("Anything else?")).toBeInTheDocument();
  expect(screen.getByLabelText("Voice line")).toHaveAttribute("src", "https://cdn.example.com/a.mp3");
  expect(window.localStorage.getItem(SHOW_EVERYTHING_KEY)).toBe("true");

  unmount();
  renderWithProviders(<TranscriptView transcriptId="t1" />);
  await screen.findByText("Hi! Pick one.");
  expect(screen.getByRole("switch", { name: "Show everything the bot sent" })).toBeChecked();
  expect(entryKinds()).toContain("handoff");
});

it("shows each signal as a badge beside the title that goes to its turn", async () => {
  // jsdom lays nothing out and has no scrolling.
  const scrolled: Element[] = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  renderWithProviders(<TranscriptView transcriptId="t1" />);
  const badge = await screen.findByRole("button", { name: 'Handoff: the bot handed the conversation over ("talk_to_agent")' });
  expect(within(screen.getByRole("list", { name: "Signals" })).getAllByRole("listitem")).toHaveLength(1);
  fireEvent.click(badge);
  expect(window.location.hash).toBe("#message-1");
  expect(scrolled.at(-1)).toBe(screen.getAllByTestId("message")[1]);
});
