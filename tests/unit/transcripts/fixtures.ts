// Reads the transcript fixtures (tests/fixtures/transcripts) for unit tests.
import { readFileSync } from "node:fs";
import path from "node:path";

export const FIXTURES = path.join(process.cwd(), "tests", "fixtures", "transcripts");

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8"));
}
