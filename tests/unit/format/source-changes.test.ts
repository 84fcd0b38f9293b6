import { needsApiKeyAgain, sourceChanges, sourceEditValues } from "@/lib/format/source-changes";
import { sourceAddress, type SourceDto } from "@/lib/schemas/sources";

const SOURCE: SourceDto = {
  id: "s1",
  name: "Support bot",
  kind: "voiceflow-v1",
  projectId: "64a1f0c2e4b0a7001f3c9d21",
  environmentId: null,
  baseUrl: "https://eu.example.com/api",
  startDate: "2026-11-01",
  paused: false,
  pausedReason: null,
  lastSyncAt: null,
  nextSyncAt: null,
  status: "idle",
  lastRun: null,
  createdAt: "2026-11-01T00:00:00.000Z",
};
const values = sourceEditValues(SOURCE);

it("starts from the source's settings, with the key empty", () => {
  expect(values).toEqual({
    name: "Support bot",
    kind: "voiceflow-v1",
    projectId: "64a1f0c2e4b0a7001f3c9d21",
    apiKey: "",
    environmentId: "",
    baseUrl: "https://eu.example.com/api",
    startDate: "2026-11-01",
    paused: false,
  });
});

it.each([
  ["nothing", {}, {}],
  ["a name, trimmed", { name: "  Sales bot " }, { name: "Sales bot" }],
  ["the API version", { kind: "voiceflow-v2" as const }, { kind: "voiceflow-v2" }],
  ["an environment", { environmentId: "production" }, { environmentId: "production" }],
  ["a cleared base URL", { baseUrl: " " }, { baseUrl: "" }],
  ["a typed key", { apiKey: " VF.DM.new " }, { apiKey: "VF.DM.new" }],
  ["an emptied start date (kept)", { startDate: "" }, {}],
  ["a new start date", { startDate: "2026-10-01" }, { startDate: "2026-10-01" }],
  ["pausing", { paused: true }, { paused: true }],
])("sends only what changed: %s", (_case, change, expected) => {
  expect(sourceChanges(SOURCE, { ...values, ...change })).toEqual(expected);
});

it.each([
  ["the same origin, another path", "https://eu.example.com/v2", "", false],
  ["another origin", "https://us.example.com/api", "", true],
  ["another origin with the key", "https://us.example.com/api", "VF.DM.new", false],
  ["the platform's public host", "", "", true],
  ["another port", "https://eu.example.com:8443/api", "", true],
])("asks for the key again for %s", (_case, baseUrl, apiKey, expected) => {
  expect(needsApiKeyAgain(SOURCE, { baseUrl, apiKey })).toBe(expected);
});

it.each([
  [null, ""],
  ["", ""],
  ["https://api.example.com/x/y", "https://api.example.com"],
  ["HTTPS://API.example.com:443/", "https://api.example.com"],
  ["not a url", "not a url"],
])("sends the key of base URL %j to %j", (baseUrl, address) => expect(sourceAddress(baseUrl)).toBe(address));
