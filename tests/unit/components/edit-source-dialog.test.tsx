// The Sources page's edit dialog: the key is write-only and shown as set; only what changed is
// sent; a base URL on another address asks for the key again before anything is sent; the
// server's refusal is shown in the dialog.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { EditSourceDialog } from "@/components/sources/edit-source-dialog";
import { clearToasts } from "@/components/ui/toast-store";
import type { SourceDto } from "@/lib/schemas/sources";
import { fakeResponse, renderWithProviders, signInLocally, type FakeResponseInit } from "../support/render-app";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn() }), usePathname: () => "/admin/sources" }));

const SOURCE: SourceDto = {
  id: "src1",
  name: "Support bot",
  kind: "voiceflow-v1",
  projectId: "64a1f0c2e4b0a7001f3c9d21",
  environmentId: null,
  baseUrl: "https://eu.example.com",
  startDate: "2026-11-01",
  paused: false,
  pausedReason: null,
  lastSyncAt: null,
  nextSyncAt: null,
  status: "idle",
  lastRun: null,
  createdAt: "2026-11-01T00:00:00.000Z",
};

function serve(answer: FakeResponseInit = { body: SOURCE }) {
  const fetch = jest.fn(async (_input: RequestInfo | URL, _init: RequestInit = {}) => fakeResponse(answer));
  (globalThis as { fetch: unknown }).fetch = fetch;
  return fetch;
}

const dialog = () => within(screen.getByRole("dialog", { name: "Edit Support bot" }));
const type = (label: string, value: string) => fireEvent.change(dialog().getByLabelText(label), { target: { value } });

beforeEach(() => {
  act(() => clearToasts());
  signInLocally({ id: "u-admin", email: "admin@example.com", isAdmin: true });
});

it("shows the key as set and sends only what changed", async () => {
  const fetch = serve();
  const onOpenChange = jest.fn();
  renderWithProviders(<EditSourceDialog source={SOURCE} open onOpenChange={onOpenChange} />);
  expect(dialog().getByLabelText("API key")).toHaveValue("");
  expect(dialog().getByText("Set. Type a new key to replace it; leave empty to keep it.")).toBeInTheDocument();
  type("Name", "Sales bot");
  fireEvent.change(dialog().getByLabelText("API"), { target: { value: "voiceflow-v2" } });
  fireEvent.click(dialog().getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe("/api/admin/sources/src1");
  expect(init).toMatchObject({ method: "PATCH" });
  expect(JSON.parse(String(init!.body))).toEqual({ name: "Sales bot", kind: "voiceflow-v2" });
});

it("asks for the key again before sending it to a new address", async () => {
  const fetch = serve();
  renderWithProviders(<EditSourceDialog source={SOURCE} open onOpenChange={jest.fn()} />);
  type("Base URL (optional)", "https://us.example.com");
  expect(dialog().getByText("The base URL points to a new address: enter the API key again to send it there.")).toBeInTheDocument();
  fireEvent.click(dialog().getByRole("button", { name: "Save" }));
  expect(await dialog().findByRole("alert")).toHaveTextContent("Enter the API key again to send it to a new address");
  expect(fetch).not.toHaveBeenCalled();

  type("API key", "VF.DM.new-key-000000");
  expect(dialog().queryByRole("alert")).toBeNull();
  fireEvent.click(dialog().getByRole("button", { name: "Save" }));
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(JSON.parse(String(fetch.mock.calls[0][1]!.body))).toEqual({ baseUrl: "https://us.example.com", apiKey: "VF.DM.new-key-000000" });
});

it("shows the server's refusal in the dialog", async () => {
  serve({ status: 400, body: { message: "eu.example.com could not be resolved" } });
  const onOpenChange = jest.fn();
  renderWithProviders(<EditSourceDialog source={SOURCE} open onOpenChange={onOpenChange} />);
  type("Base URL (optional)", "https://eu.example.com/v2");
  fireEvent.click(dialog().getByRole("button", { name: "Save" }));
  expect(await dialog().findByRole("alert")).toHaveTextContent("eu.example.com could not be resolved");
  expect(onOpenChange).not.toHaveBeenCalled();
});
