import { createTagLabel, tagChoices } from "@/lib/format/tag-choices";

const tag = (id: string, name: string) => ({ id, name, color: "#6366f1" });
const ALL = [tag("a", "Escalate"), tag("b", "Refund"), tag("c", "Billing issue")];
// "Refund" is already applied: only the others are offered.
const UNUSED = [ALL[0], ALL[2]];

describe("tagChoices", () => {
  it.each([
    ["", true, ["Escalate", "Billing issue"], null, false],
    ["  ", false, ["Escalate", "Billing issue"], null, false],
    ["esc", true, ["Escalate"], "esc", false],
    ["escalate", true, ["Escalate"], null, false],
    [" ESCALATE ", false, ["Escalate"], null, false],
    ["refund", true, [], null, false],
    ["Handoff", true, [], "Handoff", false],
    ["  Handoff  ", true, [], "Handoff", false],
    ["Handoff", false, [], null, true],
    ["i", false, ["Billing issue"], null, true],
    ["x".repeat(51), true, [], null, false],
  ])("%p (admin: %p)", (typed, isAdmin, matches, create, onlyAdmins) => {
    const choices = tagChoices(UNUSED, ALL, typed, isAdmin);
    expect({ matches: choices.matches.map((one) => one.name), create: choices.create, onlyAdmins: choices.onlyAdmins }).toEqual({
      matches,
      create,
      onlyAdmins,
    });
  });

  it("labels the offer", () => {
    expect(createTagLabel("Handoff")).toBe("Create tag 'Handoff'");
  });
});
