/** @jest-environment node */
// What the bot platform records about not understanding and about humans.
import { isHandoffName, isNoMatchDebugMessage, isNoMatchPath } from "@/lib/insights/platform-traces";

describe("isNoMatchPath", () => {
  it.each([
    ["reprompt", true],
    ["choice:else", true],
    ["noMatch", true],
    ["no-match", true],
    ["fallback", true],
    ["choice:1", false],
    ["choice:noReply", false],
    ["capture", false],
    ["jump", false],
  ])("%j → %s", (path, expected) => {
    expect(isNoMatchPath(path)).toBe(expected);
  });
});

describe("isNoMatchDebugMessage", () => {
  it.each([
    ["matched intent **None** - confidence interval _12%_", false],
    ["matched intent **order_status** - confidence interval _91%_", false],
    ["no intent matched, using fallback", true],
    ["No match found", true],
    ["global no-match triggered", true],
    ["**flow** started", false],
    ["nomatchable", false],
  ])("%j → %s", (message, expected) => {
    expect(isNoMatchDebugMessage(message)).toBe(expected);
  });
});

describe("isHandoffName", () => {
  it.each([
    ["talk_to_agent", true],
    ["handoff", true],
    ["agent_handoff", true],
    ["live_agent", true],
    ["liveAgent", true],
    ["LiveChat", true],
    ["live chat", true],
    ["speak_to_human", true],
    ["human_agent", true],
    ["transferToAgent", true],
    ["escalate", true],
    ["talk_to_someone", true],
    ["agent", false],
    ["agent_info", false],
    ["human_resources_faq", false],
    ["order_lookup_action", false],
    ["live_stream", false],
    ["text", false],
    ["None", false],
  ])("%j → %s", (name, expected) => {
    expect(isHandoffName(name)).toBe(expected);
    expect(isHandoffName(name)).toBe(expected);
  });
});
