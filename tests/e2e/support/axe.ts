// axe-core in the page: the serious and critical violations, one line each.
import type { Page } from "playwright-core";
import { DESKTOP, PHONE } from "./browser";

const AXE = require.resolve("axe-core/axe.min.js");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Records the page's serious violations as it is now, at desktop and phone width, under `label`. */
export async function recordAxeViolations(page: Page, label: string, found: Record<string, string[]>): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    const violations = await seriousAxeViolations(page);
    if (violations.length) found[`${label} (${size})`] = violations;
  }
  await page.setViewportSize(DESKTOP);
}
