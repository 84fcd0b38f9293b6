import { availableUserActions, userBadges } from "@/lib/format/user-actions";

const user = (approved: boolean, isAdmin: boolean, isActive: boolean) => ({ approved, isAdmin, isActive });

describe("availableUserActions (actions per user)", () => {
  it.each([
    ["pending", user(false, false, true), ["approve", "deny", "delete"]],
    ["pending and revoked", user(false, false, false), ["approve", "deny", "restore", "delete"]],
    ["approved user", user(true, false, true), ["makeAdmin", "revoke", "delete"]],
    ["revoked user", user(true, false, false), ["makeAdmin", "restore", "delete"]],
    ["admin", user(true, true, true), ["revoke"]],
    ["revoked admin", user(true, true, false), ["restore"]],
  ])("%s", (_label, status, expected) => {
    expect(availableUserActions(status)).toEqual(expected);
  });
});

describe("userBadges", () => {
  it.each([
    ["pending", user(false, false, true), ["Pending"]],
    ["approved", user(true, false, true), ["Approved"]],
    ["revoked", user(true, false, false), ["Approved", "Revoked"]],
    ["admin", user(true, true, true), ["Admin", "Approved"]],
    ["revoked admin", user(true, true, false), ["Admin", "Approved", "Revoked"]],
  ])("%s", (_label, status, expected) => {
    expect(userBadges(status)).toEqual(expected);
  });
});
