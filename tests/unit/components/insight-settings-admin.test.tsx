// The Insights settings page: the phrase lists one a line, saved as lists; the recompute
// started and followed to its end with a progress bar.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { InsightSettingsAdmin, phraseLines } from "@/components/insights/insight-settings-admin";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/admin/insights" }));

describe("phraseLines", () => {
  it("reads one phrase a line, trimmed, without blank lines", () => {
    expect(phraseLines("  sorry, I didn't get that \n\n\ttalk to a human\n")).toEqual(["sorry, I didn't get that", "talk to a human"]);
  });
});

describe("InsightSettingsAdmin", () => {
  beforeEach(() => signInLocally({ email: "admin@example.com", isAdmin: true }));

  it("saves the edited lists and follows a recompute to its end", async () => {
    let settings = {
      fallbackPhrases: ["sorry, I didn't get that"],
      handoffPhrases: ["real human"],
      platformRules: { noMatchPath: true, noMatchDebug: true, sameReprompt: false, handoffAction: true, handoffIntent: true },
    };
    let polls = 0;
    const fetch = stubFetch((url, init) => {
      if (url === "/api/admin/insight-settings" && init.method === "PUT") {
        settings = JSON.parse(String(init.body));
        return { body: settings };
      }
      if (url === "/api/admin/insight-settings") return { body: settings };
      if (url === "/api/admin/insight-settings/recompute") return { status: 202, body: { jobId: "job-1" } };
      if (url === "/api/admin/jobs/job-1") {
        polls += 1;
        const done = polls >= 2;
        return {
          body: {
            id: "job-1",
            kind: "signal-recompute",
            status: done ? "succeeded" : "running",
            done: done ? 3000 : 1200,
            total: 3000,
            error: null,
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<InsightSettingsAdmin />);

    const fallback = await screen.findByRole("textbox", { name: "Fallback phrases" });
    expect(fallback).toHaveValue("sorry, I didn't get that");
    fireEvent.change(fallback, { target: { value: "sorry, I didn't get that\n  outside what I can do  \n" } });
    expect(screen.getByText("2 of at most 100 phrases")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Save phrases" }));
    await waitFor(() => expect(settings.fallbackPhrases).toEqual(["sorry, I didn't get that", "outside what I can do"]));
    const put = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT")!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({
      fallbackPhrases: ["sorry, I didn't get that", "outside what I can do"],
      handoffPhrases: ["real human"],
      // The switches as they were: saving the phrases leaves them alone.
      platformRules: { noMatchPath: true, noMatchDebug: true, sameReprompt: false, handoffAction: true, handoffIntent: true },
    });
    expect(screen.getByRole("switch", { name: "The same bot answer to two different messages is a fallback" })).not.toBeChecked();

    fireEvent.click(screen.getByRole("button", { name: "Recompute all transcripts" }));
    expect(await screen.findByTestId("recompute-progress")).toHaveTextContent("1,200 of 3,000 transcripts");
    expect(screen.getByRole("progressbar", { name: "Recompute of the signals" })).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByRole("button", { name: "Recompute all transcripts" })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId("recompute-progress")).toHaveTextContent("Done: 3,000 transcripts recomputed."), {
      timeout: 4_000,
    });
    expect(screen.getByRole("button", { name: "Recompute all transcripts" })).toBeEnabled();
  });
});
