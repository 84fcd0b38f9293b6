// The transcript page in the browser with a conversation in the platform's real shapes: the signal
// badges beside the title go to their turns; "Show everything the bot sent" is off at first and
// the page then shows exactly the specification's view; turned on it shows every kind of entry,
// and the browser remembers it.
import { inBrowser } from "./support/browser";
import { createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";
import { rawTranscript, type Step } from "../helpers/dialog-steps";
import { shownTurns } from "@/lib/transcript-view/shown-turns";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";

const ADMIN = "full.view.admin@example.com";
const ID = "6b00000000000000000000e2";

const svg = (label: string, colour: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="${colour}"/><text x="20" y="66" font-size="20" fill="white">${label}</text></svg>`,
  ).toString("base64")}`;
/** A WAV file of no samples: a player, nothing to hear. */
const SILENCE = `data:audio/wav;base64,${Buffer.from([
  ...Buffer.from("RIFF"),
  36,
  0,
  0,
  0,
  ...Buffer.from("WAVEfmt "),
  16,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0x40,
  0x1f,
  0,
  0,
  0x80,
  0x3e,
  0,
  0,
  2,
  0,
  16,
  0,
  ...Buffer.from("data"),
  0,
  0,
  0,
  0,
]).toString("base64")}`;

const card = (title: string, colour: string) => ({
  title,
  description: { text: `The ${title}, <b>in stock</b>` },
  imageUrl: svg(title, colour),
  buttons: [{ name: `Buy the ${title}`, request: { type: "path-buy" } }],
});

const steps: Step[] = [
  { launch: true },
  { bot: "Hi! I'm Ava. How can I help?" },
  {
    trace: "choice",
    payload: {
      buttons: [
        { name: "Track my order", request: { type: "path-a" } },
        { name: "Packs", request: { type: "path-b" } },
      ],
    },
  },
  { click: "Packs" },
  { trace: "carousel", payload: { cards: [card("Summit 40", "#4338ca"), card("Trail 7", "#0f766e")] } },
  { trace: "cardV2", payload: card("Summit 40", "#4338ca") },
  { user: "blorp", intent: "None" },
  { trace: "path", payload: { path: "reprompt" } },
  { bot: "Sorry, I didn't get that. Please try again" },
  { trace: "visual", payload: { image: svg("Size chart", "#b45309") } },
  { trace: "speak", payload: { message: "<speak>Would you like to talk to someone?</speak>", src: SILENCE } },
  { silence: true },
  { trace: "no-reply", payload: { timeout: 30 } },
  { user: "yes a human please", intent: "None" },
  { trace: "order_lookup", payload: { orderId: "NW-5532", found: true } },
  { trace: "talk_to_agent", payload: { platform: "zendesk" } },
  { bot: "Connecting you to a colleague." },
  { end: true },
  { wait: 2 * 86_400 },
  { launch: true },
  { bot: "Welcome back! How can I help?" },
];

describe("the full conversation view", () => {
  it(
    "shows the signals beside the title and, when asked, everything the bot sent",
    inBrowser("full-conversation", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: ADMIN, isAdmin: true });
      const token = await tokenFor(ADMIN);
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const created = await fetch(`${baseUrl}/api/admin/ingest-keys`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Full view" }),
      });
      const { key } = (await created.json()) as { key: string };
      const raw = rawTranscript("legacy dialog", steps, { _id: ID, sessionID: "full-view", createdAt: new Date().toISOString() });
      const ingested = await fetch(`${baseUrl}/api/ingest/transcripts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(raw),
      });
      expect(ingested.status).toBe(200);
      const normalised = normalizeTranscript(raw);
      if (!normalised.ok) throw new Error(normalised.reason);
      const turns = shownTurns(normalised.record.dialog);

      await signIn(page, baseUrl, ADMIN);
      await go(`/transcript/${ID}`);
      await page.getByRole("heading", { name: "Conversation Transcript" }).waitFor();
      await page.getByTestId("message").first().waitFor();

      // The signals, beside the title; a badge goes to its turn.
      const badges = page.getByRole("list", { name: "Signals" }).getByRole("button");
      expect(await badges.allInnerTexts()).toEqual(["Fallback", "Handoff"]);
      await badges.filter({ hasText: "Fallback" }).click();
      // The no-match path answered the user's "blorp".
      const fallbackTurn = turns.findIndex((turn) => turn.text === "blorp");
      await page.locator(`[data-testid=message][data-index="${fallbackTurn}"][aria-current=location]`).waitFor();
      expect(new URL(page.url()).hash).toBe(`#message-${fallbackTurn}`);

      // Off: exactly the specification's view, the text and request turns.
      const toggle = page.getByRole("switch", { name: "Show everything the bot sent" });
      expect(await toggle.isChecked()).toBe(false);
      expect(await page.getByTestId("conversation-entry").count()).toBe(0);
      const shown = await page
        .getByTestId("message")
        .evaluateAll((items) => items.map((item) => [item.getAttribute("data-role"), item.getAttribute("data-index")]));
      expect(shown).toEqual(turns.map((turn) => [turn.role, String(turn.index)]));
      await page.getByText(`${turns.length} turns`).waitFor();
      await snap("spec-view");

      // On: every kind of entry, the same numbered turns among them.
      await toggle.check();
      const kinds = await page
        .getByTestId("conversation-entry")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-kind")));
      expect(kinds).toEqual([
        "day",
        "buttons",
        "carousel",
        "card",
        "image",
        "voice",
        "no-reply",
        "action",
        "handoff",
        "end",
        "day",
        "restart",
      ]);
      expect(await page.getByTestId("message").count()).toBe(turns.length);
      await page.getByText(`${turns.length} turns`).waitFor();
      for (const kind of kinds)
        expect(await page.locator(`[data-testid=conversation-entry][data-kind="${kind}"]`).first().isVisible()).toBe(true);
      expect(await page.locator("[data-chosen=true]").innerText()).toContain("Packs");
      expect(await page.getByText("The Summit 40, <b>in stock</b>").first().isVisible()).toBe(true);
      expect(await page.getByText("Conversation restarted").isVisible()).toBe(true);
      expect(await page.getByText("Handed over to a human").isVisible()).toBe(true);
      expect(await page.getByLabel("Voice line").getAttribute("src")).toBe(SILENCE);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('img[alt="Image sent by the bot"]');
        return image !== null && image.complete && image.naturalWidth > 0;
      });
      // A custom action is folded under its name.
      const action = page.locator("[data-testid=conversation-entry][data-kind=action] details");
      expect(await action.getAttribute("open")).toBeNull();
      await action.locator("summary").click();
      expect(await action.locator("pre").innerText()).toContain('"orderId": "NW-5532"');
      await page.locator("[data-kind=carousel]").scrollIntoViewIfNeeded();
      await snap("everything");

      // Remembered in this browser.
      await page.reload();
      await page.getByTestId("message").first().waitFor();
      expect(await page.getByRole("switch", { name: "Show everything the bot sent" }).isChecked()).toBe(true);
      expect(await page.getByTestId("conversation-entry").count()).toBe(kinds.length);
    }),
  );
});
