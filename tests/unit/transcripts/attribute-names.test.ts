/** @jest-environment node */
// One spelling per device, OS and browser name, compared without case; the migration that converted
// the rows stored before spells them by the same table.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ATTRIBUTE_SPELLINGS, attributeSpelling, type AttributeDimension } from "@/lib/transcripts/attribute-names";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";

it.each<[AttributeDimension, string, string]>([
  ["browser", "chrome", "Chrome"],
  ["browser", "CHROME", "Chrome"],
  ["browser", "Chrome", "Chrome"],
  ["browser", "samsung internet", "Samsung Internet"],
  ["device", "desktop", "Desktop"],
  ["device", "DeskTop", "Desktop"],
  ["os", "macos", "macOS"],
  ["os", "MacOS", "macOS"],
  ["os", "ios", "iOS"],
  ["browser", "netscape", "Netscape"],
  ["browser", "netscape navigator", "Netscape navigator"],
  ["device", "KIOSK [IP]", "KIOSK [IP]"],
  ["device", "kiosk [IP]", "kiosk [IP]"],
  ["device", "écran", "écran"],
  ["device", "Unknown", "unknown"],
  ["device", "", ""],
])("%s %j → %j", (dimension, name, expected) => {
  expect(attributeSpelling(dimension, name)).toBe(expected);
});

it("gives names that differ only in case one spelling", () => {
  for (const dimension of ["device", "os", "browser"] as const) {
    for (const [lower, spelled] of Object.entries(ATTRIBUTE_SPELLINGS[dimension])) {
      expect(lower).toBe(lower.toLowerCase());
      expect(attributeSpelling(dimension, spelled)).toBe(spelled);
      expect(attributeSpelling(dimension, lower.toUpperCase())).toBe(spelled);
    }
  }
});

it("stores transcripts with the one spelling", () => {
  const result = normalizeTranscript({
    _id: "65e7a1f0c2b3d4e5f6a7b801",
    sessionID: "s",
    createdAt: "2025-01-01",
    device: "desktop",
    os: "macos",
    browser: "chrome",
    dialog: [],
  });
  if (!result.ok) throw new Error(result.reason);
  expect(result.record).toMatchObject({ device: "Desktop", os: "macOS", browser: "Chrome" });
});

it.each(["prisma/migrations", "prisma/postgres/migrations"])("%s: the conversion spells every name of the table", (folder) => {
  const migration = readdirSync(folder).find((name) => name.endsWith("_attribute_spelling"));
  const sql = readFileSync(join(folder, migration!, "migration.sql"), "utf8");
  for (const dimension of ["device", "os", "browser"] as const) {
    for (const [lower, spelled] of Object.entries(ATTRIBUTE_SPELLINGS[dimension]))
      expect(sql).toContain(`WHEN lower("${dimension}") = '${lower}' THEN '${spelled}'`);
  }
});
