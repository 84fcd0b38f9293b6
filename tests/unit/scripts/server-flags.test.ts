import { readFileSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../../scripts/server-flags.mjs";

describe("the production server's Node flags", () => {
  it("are those `npm start` runs the server with", () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")) as { scripts: { start: string } };
    expect(manifest.scripts.start).toBe(["node", ...SERVER_NODE_FLAGS, "scripts/start.mjs"].join(" "));
  });
});
