import { safeNextPath } from "@/lib/client/safe-next-path";

describe("safeNextPath (where sign-in leads)", () => {
  it.each([
    [undefined, "/dashboard"],
    [null, "/dashboard"],
    ["", "/dashboard"],
    ["/profile", "/profile"],
    ["/admin?tab=all", "/admin?tab=all"],
    ["/transcript/abc#m3", "/transcript/abc#m3"],
    [["/analytics", "/admin"], "/analytics"],
    ["//evil.example.com", "/dashboard"],
    ["/\\evil.example.com", "/dashboard"],
    ["https://evil.example.com/x", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["dashboard", "/dashboard"],
    ["/\t/evil.example.com", "/dashboard"],
    ["/login", "/dashboard"],
    ["/register?x=1", "/dashboard"],
  ])("%p -> %p", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
