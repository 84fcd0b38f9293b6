// The Privacy page: the kinds and custom patterns saved with the server's refusals shown
// on the form, redaction of stored transcripts followed to its end, retention, and erasure
// previewed, confirmed with the count seen and asked again when that count changed.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PrivacySettingsAdmin } from "@/components/privacy/privacy-settings-admin";
import { customPatternErrorRow, patternsToSave } from "@/components/privacy/redaction-settings";
import { readRetentionDays } from "@/components/privacy/retention-settings";
import { erasureTarget, transcriptIdList } from "@/components/privacy/erase-transcripts";
import { clearToasts } from "@/components/ui/toast-store";
import type { PrivacySettings } from "@/lib/schemas/privacy";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/admin/privacy" }));

const row = (key: number, name: string, pattern = "x") => ({ key, name, pattern });

describe("the form's readings", () => {
  it("drops blank pattern rows and trims names", () => {
    expect(patternsToSave([row(0, " order_id ", "ORD-\\d+"), row(1, "", ""), row(2, "", "y")])).toEqual([
      row(0, "order_id", "ORD-\\d+"),
      row(2, "", "y"),
    ]);
  });

  it.each([
    ["Pattern 2: Patterns cannot use look-ahead (?=...)", 7],
    ["Pattern 1: Enter a name", 3],
    ["Pattern 4: Enter a name", null],
    ["Custom pattern names must be unique: ORDER appears twice", 9],
    ["At most 20 custom patterns", null],
    ["Something else", null],
  ])("%p names row %p", (message, key) => {
    expect(customPatternErrorRow(message, [row(3, "order"), row(7, "slow"), row(9, "ORDER")])).toBe(key);
  });

  it.each([
    ["30", { days: 30 }],
    [" 3650 ", { days: 3650 }],
    ["0", { problem: "Enter a whole number of days from 1 to 3650" }],
    ["3651", { problem: "Enter a whole number of days from 1 to 3650" }],
    ["1.5", { problem: "Enter a whole number of days from 1 to 3650" }],
    ["", { problem: "Enter a whole number of days from 1 to 3650" }],
  ])("retention %p -> %p", (text, expected) => {
    expect(readRetentionDays(text)).toEqual(expected);
  });

  it("reads transcript IDs one a line or separated by commas, each once", () => {
    expect(transcriptIdList("a1, b2\n\n c3,a1;d4 ")).toEqual(["a1", "b2", "c3", "d4"]);
  });

  it.each([
    ["ids", { ids: "t1\nt2", sessionId: "", contains: "", person: "" }, { target: { ids: ["t1", "t2"] } }],
    ["ids", { ids: " , ", sessionId: "", contains: "", person: "" }, { problem: "Enter at least one transcript ID" }],
    ["sessionId", { ids: "t1", sessionId: " s-1 ", contains: "", person: "" }, { target: { sessionId: "s-1" } }],
    ["sessionId", { ids: "", sessionId: "  ", contains: "", person: "" }, { problem: "Enter a session ID" }],
    ["contains", { ids: "", sessionId: "", contains: "jane@example.com", person: "" }, { target: { contains: "jane@example.com" } }],
    ["contains", { ids: "", sessionId: "", contains: "", person: "" }, { problem: "Enter an e-mail address or a phone number" }],
    ["person", { ids: "", sessionId: "", contains: "", person: " jane@example.com " }, { target: { email: "jane@example.com" } }],
    ["person", { ids: "", sessionId: "", contains: "", person: "+49 151 23456789" }, { target: { phone: "+49 151 23456789" } }],
    ["person", { ids: "", sessionId: "", contains: "", person: "" }, { problem: "Enter an e-mail address or a phone number" }],
  ] as const)("erasure by %p of %p -> %p", (by, values, expected) => {
    expect(erasureTarget(by, values)).toEqual(expected);
  });
});

const SAVED: PrivacySettings = {
  redact: { email: true, phone: true, card: true, iban: false, ip: true },
  customPatterns: [{ name: "ORDER_ID", pattern: "ORD-\\d{6}" }],
  retentionDays: null,
};

function serve({
  previewCounts = [3],
  erase = [{ status: 200, body: { deleted: 3 } }],
}: { previewCounts?: number[]; erase?: { status: number; body: unknown }[] } = {}) {
  let settings: PrivacySettings = JSON.parse(JSON.stringify(SAVED));
  const puts: unknown[] = [];
  const erasures: unknown[] = [];
  const previews: unknown[] = [];
  let polls = 0;
  const fetch = stubFetch((url, init) => {
    if (url === "/api/admin/privacy" && init.method === "PUT") {
      const body = JSON.parse(String(init.body)) as PrivacySettings;
      puts.push(body);
      if (body.customPatterns.some((pattern) => pattern.pattern.includes("(?="))) {
        const index = body.customPatterns.findIndex((pattern) => pattern.pattern.includes("(?="));
        return {
          status: 400,
          body: { message: `Pattern ${index + 1}: Patterns cannot use look-ahead (?=...)` },
        };
      }
      settings = { ...body, customPatterns: body.customPatterns.map((pattern) => ({ ...pattern, name: pattern.name.toUpperCase() })) };
      return { body: settings };
    }
    if (url === "/api/admin/privacy") return { body: settings };
    if (url === "/api/admin/privacy/apply") return { status: 202, body: { jobId: "job-9" } };
    if (url === "/api/admin/jobs/job-9") {
      polls += 1;
      const done = polls >= 2;
      return {
        body: { id: "job-9", kind: "privacy-redaction", status: done ? "succeeded" : "running", done: done ? 4 : 1, total: 4, error: null },
      };
    }
    if (url === "/api/admin/transcripts/erase/preview") {
      previews.push(JSON.parse(String(init.body)));
      return { body: { count: previewCounts[Math.min(previews.length - 1, previewCounts.length - 1)] } };
    }
    if (url === "/api/admin/transcripts/erase") {
      erasures.push(JSON.parse(String(init.body)));
      return erase[Math.min(erasures.length - 1, erase.length - 1)];
    }
    return undefined;
  });
  return { fetch, puts, erasures, previews };
}

describe("PrivacySettingsAdmin", () => {
  beforeEach(() => {
    clearToasts();
    signInLocally({ email: "admin@example.com", isAdmin: true });
  });

  it("shows the saved settings, saves changed kinds and patterns, and shows the server's refusal on the row it names", async () => {
    const { puts } = serve();
    renderWithProviders(<PrivacySettingsAdmin />);

    const email = await screen.findByRole("switch", { name: "E-mail addresses" });
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription(/\[EMAIL\].*jane\.doe@example\.com/);
    expect(screen.getByRole("switch", { name: "IBANs" })).not.toBeChecked();
    const first = screen.getByRole("group", { name: "Custom pattern 1" });
    expect(within(first).getByLabelText("Name")).toHaveValue("ORDER_ID");
    expect(within(first).getByLabelText("Regular expression")).toHaveValue("ORD-\\d{6}");
    expect(screen.getByText(/redaction applies at ingest/i)).toHaveTextContent(/no hidden copy is ever kept/);

    fireEvent.click(email);
    fireEvent.click(screen.getByRole("button", { name: "Add pattern" }));
    const second = screen.getByRole("group", { name: "Custom pattern 2" });
    fireEvent.change(within(second).getByLabelText("Name"), { target: { value: "slow" } });
    expect(within(second).getByText("[SLOW]")).toBeInTheDocument();
    fireEvent.change(within(second).getByLabelText("Regular expression"), { target: { value: "SLOW(?=-)" } });
    fireEvent.click(screen.getByRole("button", { name: "Save redaction settings" }));

    const refusal = await screen.findByText("Pattern 2: Patterns cannot use look-ahead (?=...)");
    expect(refusal).toHaveAttribute("role", "alert");
    expect(within(second).getByLabelText("Regular expression")).toHaveAttribute("aria-invalid", "true");
    expect(within(second).getByLabelText("Regular expression")).toHaveAccessibleDescription(/cannot use look-ahead/);
    expect(within(first).getByLabelText("Regular expression")).not.toHaveAttribute("aria-invalid");

    fireEvent.change(within(second).getByLabelText("Regular expression"), { target: { value: "SLOW-\\d+" } });
    fireEvent.click(screen.getByRole("button", { name: "Save redaction settings" }));
    expect(await screen.findByText("Redaction settings saved")).toBeInTheDocument();
    expect(puts.at(-1)).toEqual({
      redact: { email: false, phone: true, card: true, iban: false, ip: true },
      customPatterns: [
        { name: "ORDER_ID", pattern: "ORD-\\d{6}" },
        { name: "slow", pattern: "SLOW-\\d+" },
      ],
      retentionDays: null,
    });
    // The form starts again from what was saved: the name as the server keeps it.
    await waitFor(() => expect(within(screen.getByRole("group", { name: "Custom pattern 2" })).getByLabelText("Name")).toHaveValue("SLOW"));
    expect(screen.getByTestId("redaction-error")).toBeEmptyDOMElement();
    expect(screen.getByRole("switch", { name: "E-mail addresses" })).not.toBeChecked();

    fireEvent.click(screen.getByRole("button", { name: "Remove custom pattern 1 ORDER_ID" }));
    expect(screen.getAllByTestId("custom-pattern")).toHaveLength(1);
  });

  it("saves a retention of some days, or none, with the rest of the saved settings", async () => {
    const { puts } = serve();
    renderWithProviders(<PrivacySettingsAdmin />);
    const days = await screen.findByRole("spinbutton", { name: "Days to keep transcripts" });
    expect(screen.getByRole("radio", { name: /^Off/ })).toBeChecked();
    expect(days).toBeDisabled();
    fireEvent.click(screen.getByRole("radio", { name: "Keep transcripts for" }));
    fireEvent.change(days, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save retention" }));
    expect(await screen.findByText("Enter a whole number of days from 1 to 3650")).toBeInTheDocument();
    expect(puts).toEqual([]);

    fireEvent.change(days, { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Save retention" }));
    expect(await screen.findByText("Retention saved")).toBeInTheDocument();
    expect(puts).toEqual([{ ...SAVED, retentionDays: 90 }]);
    await waitFor(() => expect(screen.getByRole("spinbutton", { name: "Days to keep transcripts" })).toHaveValue(90));

    fireEvent.click(screen.getByRole("radio", { name: /^Off/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save retention" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ ...SAVED, retentionDays: null });
  });

  it("applies redaction to stored transcripts after a confirmation and follows the job to its end", async () => {
    serve();
    renderWithProviders(<PrivacySettingsAdmin />);
    fireEvent.click(await screen.findByRole("button", { name: "Apply redaction to stored transcripts" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply redaction" }));
    expect(await screen.findByTestId("redaction-progress")).toHaveTextContent("1 of 4 transcripts (25%)");
    expect(screen.getByRole("progressbar", { name: "Redaction of stored transcripts" })).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByRole("button", { name: "Apply redaction to stored transcripts" })).toBeDisabled();
    await waitFor(
      () =>
        expect(screen.getByTestId("redaction-progress")).toHaveTextContent(
          "Done: 4 transcripts checked and redacted by the saved settings.",
        ),
      { timeout: 4_000 },
    );
    expect(screen.getByRole("progressbar", { name: "Redaction of stored transcripts" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByRole("button", { name: "Apply redaction to stored transcripts" })).toBeEnabled();
  });

  it("needs a target and a reason, previews the count, and erases with the count seen", async () => {
    const { previews, erasures } = serve();
    renderWithProviders(<PrivacySettingsAdmin />);
    fireEvent.click(await screen.findByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Enter at least one transcript ID")).toBeInTheDocument();
    expect(screen.getByText("A reason is required")).toBeInTheDocument();
    expect(previews).toEqual([]);

    fireEvent.click(screen.getByRole("radio", { name: "Session ID" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Session ID" }), { target: { value: "web-42" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason (required)" }), { target: { value: "Request #12" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("erase-preview")).toHaveTextContent("3 transcripts will be deleted.");
    expect(previews).toEqual([{ sessionId: "web-42" }]);

    fireEvent.click(screen.getByRole("button", { name: "Erase 3 transcripts" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Erase 3 transcripts?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Erase" }));
    expect(await screen.findByTestId("erase-result")).toHaveTextContent("Deleted 3 transcripts");
    expect(erasures).toEqual([{ sessionId: "web-42", reason: "Request #12", expectedCount: 3 }]);
    expect(screen.getByRole("textbox", { name: "Session ID" })).toHaveValue("");
  });

  it("follows an erasure that goes on in the background to its end", async () => {
    serve({ previewCounts: [4], erase: [{ status: 202, body: { deleted: 0, total: 4, jobId: "job-9" } }] });
    renderWithProviders(<PrivacySettingsAdmin />);
    fireEvent.change(await screen.findByRole("textbox", { name: "Transcript IDs" }), { target: { value: "t1 t2 t3 t4" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason (required)" }), { target: { value: "Request 20" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    fireEvent.click(await screen.findByRole("button", { name: "Erase 4 transcripts" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Erase" }));

    expect(await screen.findByTestId("erase-progress")).toHaveTextContent("Deleting… 1 of 4 transcripts (25%)");
    expect(screen.getByRole("button", { name: "Preview" })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId("erase-progress")).toHaveTextContent("Deleted 4 transcripts"), { timeout: 4_000 });
    expect(screen.getByRole("progressbar", { name: "Erasure of transcripts" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByRole("button", { name: "Preview" })).toBeEnabled();
  });

  it("asks again with the new count when it changed since the preview", async () => {
    const { erasures } = serve({
      previewCounts: [2],
      erase: [
        { status: 409, body: { message: "The number of transcripts to erase changed: 3, not 2", count: 3 } },
        { status: 200, body: { deleted: 3 } },
      ],
    });
    renderWithProviders(<PrivacySettingsAdmin />);
    fireEvent.change(await screen.findByRole("textbox", { name: "Transcript IDs" }), { target: { value: "t1, t2\nt3" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason (required)" }), { target: { value: "GDPR request" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByTestId("erase-preview")).toHaveTextContent("2 transcripts will be deleted.");
    fireEvent.click(screen.getByRole("button", { name: "Erase 2 transcripts" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Erase" }));

    const again = await screen.findByRole("alertdialog", { name: "Erase 3 transcripts?" });
    expect(again).toHaveTextContent("The number changed since the preview (it was 2).");
    expect(screen.getByTestId("erase-preview")).toHaveTextContent(
      "The number changed since the preview: 3 transcripts now match instead of 2.",
    );
    fireEvent.click(within(again).getByRole("button", { name: "Erase" }));
    expect(await screen.findByTestId("erase-result")).toHaveTextContent("Deleted 3 transcripts");
    expect(erasures).toEqual([
      { ids: ["t1", "t2", "t3"], reason: "GDPR request", expectedCount: 2 },
      { ids: ["t1", "t2", "t3"], reason: "GDPR request", expectedCount: 3 },
    ]);
  });

  it("shows the server's message when a preview is refused, and a failed load", async () => {
    stubFetch((url) => {
      if (url === "/api/admin/privacy") return { status: 500, body: { message: "Database unavailable" } };
      if (url === "/api/admin/transcripts/erase/preview")
        return { status: 400, body: { message: "contains must be an e-mail address or a phone number" } };
      return undefined;
    });
    renderWithProviders(<PrivacySettingsAdmin />);
    expect(await screen.findByText("Failed to load the privacy settings")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "Containing an e-mail address or phone number" }));
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail address or phone number" }), { target: { value: "nobody" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Reason (required)" }), { target: { value: "Request" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("contains must be an e-mail address or a phone number")).toHaveAttribute("role", "alert");
    expect(screen.queryByRole("button", { name: /^Erase/ })).not.toBeInTheDocument();
  });
});
