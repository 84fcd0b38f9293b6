import { hasChanges, profileChanges } from "@/lib/format/profile-changes";

const saved = { email: "ann@example.com", name: "Ann" };

describe("profileChanges (only changed fields are sent)", () => {
  it.each([
    ["nothing changed", { email: "ann@example.com", name: "Ann" }, {}],
    ["only spaces added", { email: " ann@example.com ", name: " Ann " }, {}],
    ["e-mail case only", { email: "ANN@example.com", name: "Ann" }, {}],
    ["new e-mail", { email: "ann.b@example.com", name: "Ann" }, { email: "ann.b@example.com" }],
    ["new name", { email: "ann@example.com", name: "Ann Bee" }, { name: "Ann Bee" }],
    ["name cleared", { email: "ann@example.com", name: "" }, { name: "" }],
    ["both", { email: "b@example.com", name: "B" }, { email: "b@example.com", name: "B" }],
  ])("%s", (_label, form, expected) => {
    expect(profileChanges(saved, form)).toEqual(expected);
  });

  it("treats a missing saved name as empty", () => {
    expect(profileChanges({ email: "a@example.com", name: null }, { email: "a@example.com", name: "" })).toEqual({});
    expect(profileChanges({ email: "a@example.com", name: null }, { email: "a@example.com", name: "Al" })).toEqual({ name: "Al" });
  });

  it("hasChanges", () => {
    expect(hasChanges({})).toBe(false);
    expect(hasChanges({ name: "" })).toBe(true);
  });
});
