// One spelling per device, OS and browser name: names are compared without case, the platform's
// common ones ("chrome", "mobile", "macos") read as their usual spelling ("Chrome", "Mobile",
// "macOS"; "unknown", the analytics' name for none, stays as it is); any other name written in
// lower case gets an upper-case first letter ("kiosk" → "Kiosk"), and one written otherwise stays
// as written ("KIOSK [IP]": a placeholder keeps its case). Case is ASCII case. The migration
// *_attribute_spelling converted the rows stored before by the same table.
import { UNKNOWN_ATTRIBUTE } from "@/lib/schemas/analytics";

export type AttributeDimension = "device" | "os" | "browser";

/** The usual spelling of common names, keyed by the name in lower case. */
export const ATTRIBUTE_SPELLINGS: Record<AttributeDimension, Record<string, string>> = {
  device: { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet", phone: "Phone", tv: "TV", unknown: UNKNOWN_ATTRIBUTE },
  os: {
    macos: "macOS",
    "mac os": "macOS",
    "mac os x": "macOS",
    osx: "macOS",
    windows: "Windows",
    linux: "Linux",
    android: "Android",
    ios: "iOS",
    ipados: "iPadOS",
    chromeos: "ChromeOS",
    "chrome os": "ChromeOS",
    ubuntu: "Ubuntu",
    unknown: UNKNOWN_ATTRIBUTE,
  },
  browser: {
    chrome: "Chrome",
    firefox: "Firefox",
    safari: "Safari",
    edge: "Edge",
    opera: "Opera",
    ie: "IE",
    "internet explorer": "Internet Explorer",
    "samsung internet": "Samsung Internet",
    "mobile safari": "Mobile Safari",
    "chrome mobile": "Chrome Mobile",
    brave: "Brave",
    vivaldi: "Vivaldi",
    unknown: UNKNOWN_ATTRIBUTE,
  },
};

const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** The one spelling of a device, OS or browser name. */
export function attributeSpelling(dimension: AttributeDimension, name: string): string {
  const lower = asciiLower(name);
  const known = ATTRIBUTE_SPELLINGS[dimension][lower];
  if (known !== undefined) return known;
  return lower === name ? name.replace(/^[a-z]/, (letter) => letter.toUpperCase()) : name;
}
