/** @jest-environment node */
// The sync's pure parts: which addresses sources may not reach, sealing keys, retry delays, the
// concurrency limit, and reading the Transcripts API's log data given as JSON text.
import { randomBytes } from "node:crypto";
import { checkSourceUrl, isNonPublicAddress } from "@/lib/server/sources/address-guard";
import { isSealedWithCurrentKey, openSecret, parseEncryptionKey, sealSecret, SecretKeyError } from "@/lib/server/sources/secret-box";
import { backoffMs, MAX_ATTEMPTS, RETRY_CAP_MS, retryAfterMs, retryDelayMs } from "@/lib/server/sources/retry-policy";
import { withParsedLogData } from "@/lib/server/sources/voiceflow-api";

it.each([
  ["127.0.0.1", true],
  ["10.20.30.40", true],
  ["172.16.0.1", true],
  ["172.32.0.1", false],
  ["192.168.1.1", true],
  ["169.254.169.254", true],
  ["100.64.0.1", true],
  ["0.0.0.0", true],
  ["::1", true],
  ["::", true],
  ["fd12:3456::1", true],
  ["fe80::1", true],
  ["::ffff:127.0.0.1", true],
  ["::ffff:8.8.8.8", false],
  ["8.8.8.8", false],
  ["2606:4700::1111", false],
  ["not an address", true],
  // IPv4 inside IPv6: compatible, mapped and translated forms, NAT64 and 6to4 reach the IPv4 host.
  ["::7f00:1", true],
  ["::127.0.0.1", true],
  ["::ffff:0:7f00:1", true],
  ["::ffff:0:10.1.2.3", true],
  ["::ffff:0:808:808", false],
  ["64:ff9b::7f00:1", true],
  ["64:ff9b::10.0.0.1", true],
  ["64:ff9b::c0a8:101", true],
  ["64:ff9b::808:808", false],
  ["64:ff9b:1::a00:1", true],
  ["64:ff9b:1:a00:1::", true],
  ["64:ff9b:1:808:8::", true],
  ["2002:7f00:1::1", true],
  ["2002:a00:1::", true],
  ["2002:c0a8:101:1::1", true],
  ["2002:a9fe:a9fe::1", true],
  ["2002:808:808::1", false],
  ["fec0::1", true],
  ["feff::1", true],
  ["fe80::1%eth0", true],
  ["2001:4860:4860::8888", false],
])("%s is non-public: %s", (address, expected) => expect(isNonPublicAddress(address)).toBe(expected));

describe("base URLs given as an address", () => {
  beforeEach(() => {
    process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "0";
  });
  afterEach(() => {
    delete process.env.SOURCES_ALLOW_PRIVATE_HOSTS;
  });

  it.each([
    "https://[::127.0.0.1]/",
    "https://[::7f00:1]:8443/v1",
    "https://[::ffff:0:7f00:1]/",
    "https://[64:ff9b::a00:1]/",
    "https://[2002:c0a8:101::1]/",
    "https://[fec0::1]/",
  ])("refuses %s", async (url) => expect(await checkSourceUrl(url)).toMatch(/private or loopback address/));

  it("accepts a public address", async () => expect(await checkSourceUrl("https://[2606:4700::1111]/")).toBeNull());
});

describe("sealing API keys", () => {
  const first = randomBytes(32);
  const second = randomBytes(32);
  afterEach(() => {
    delete process.env.SOURCES_ENCRYPTION_KEY;
    delete process.env.SOURCES_ENCRYPTION_KEY_PREVIOUS;
  });

  it("opens what it sealed, with the current or the previous key only", () => {
    process.env.SOURCES_ENCRYPTION_KEY = first.toString("base64");
    const sealed = sealSecret("VF.DM.secret");
    expect(sealed).not.toContain("VF.DM.secret");
    expect(sealSecret("VF.DM.secret")).not.toBe(sealed);
    expect(openSecret(sealed)).toBe("VF.DM.secret");
    process.env.SOURCES_ENCRYPTION_KEY = second.toString("hex");
    expect(() => openSecret(sealed)).toThrow(SecretKeyError);
    expect(isSealedWithCurrentKey(sealed)).toBe(false);
    process.env.SOURCES_ENCRYPTION_KEY_PREVIOUS = first.toString("base64");
    expect(openSecret(sealed)).toBe("VF.DM.secret");
  });

  it("refuses a tampered value and malformed keys", () => {
    process.env.SOURCES_ENCRYPTION_KEY = first.toString("base64");
    const parts = sealSecret("VF.DM.secret").split(".");
    parts[4] = Buffer.from("VF.DM.forged").toString("base64url");
    expect(() => openSecret(parts.join("."))).toThrow(SecretKeyError);
    for (const bad of ["short", "x".repeat(64), randomBytes(16).toString("base64")])
      expect(() => parseEncryptionKey(bad, "KEY")).toThrow(/32 bytes/);
  });
});

describe("retries", () => {
  it.each([
    ["2", 2000],
    ["0.5", 500],
    ["Thu, 01 Jan 2026 00:00:10 GMT", 10_000],
    ["soon", null],
    [null, null],
  ])("reads Retry-After %s as %s ms", (header, ms) => expect(retryAfterMs(header, Date.parse("2026-01-01T00:00:00Z"))).toBe(ms));

  it("backs off exponentially with jitter, capped", () => {
    expect(backoffMs(1, () => 0)).toBe(250);
    expect(backoffMs(1, () => 1)).toBe(500);
    expect(backoffMs(4, () => 1)).toBe(4000);
    expect(backoffMs(30, () => 1)).toBe(RETRY_CAP_MS);
  });

  it.each([
    [{ status: 429, retryAfter: "3" }, 1, 3000],
    [{ status: 429, retryAfter: "3600" }, 1, RETRY_CAP_MS],
    [{ status: 503 }, 1, "backoff"],
    [{ networkError: true }, 2, "backoff"],
    [{ status: 401 }, 1, null],
    [{ status: 404 }, 1, null],
    [{ status: 500 }, MAX_ATTEMPTS, null],
  ] as const)("after %j (attempt %d) waits %s", (outcome, attempt, expected) => {
    const delay = retryDelayMs(outcome, attempt, 0);
    if (expected === "backoff") expect(delay).toEqual(expect.any(Number));
    else expect(delay).toBe(expected);
  });
});

it("reads log data given as JSON text into objects and leaves the rest alone", () => {
  const transcript = {
    id: "t",
    logs: [
      { type: "trace", data: '{"type":"text","payload":{"message":"hi"}}' },
      { type: "action", data: { type: "launch" } },
      { type: "trace", data: "not json" },
    ],
  };
  expect(withParsedLogData(transcript).logs).toEqual([
    { type: "trace", data: { type: "text", payload: { message: "hi" } } },
    { type: "action", data: { type: "launch" } },
    { type: "trace", data: "not json" },
  ]);
});
