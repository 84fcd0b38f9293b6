import { initialsFromEmail } from "@/lib/format/initials";

describe("initialsFromEmail (header)", () => {
  it.each([
    ["john.doe@example.com", "JD"],
    ["jane@example.com", "J"],
    ["a.b.c@example.com", "AB"],
    ["mary.ann.smith@example.com", "MA"],
    ["x@example.com", "X"],
    ["first..last@example.com", "FL"],
    [".lead@example.com", "L"],
    ["ÉMILE.zola@example.com", "ÉZ"],
    ["no-at-sign", "N"],
    ["", "U"],
    [null, "U"],
    [undefined, "U"],
    ["@example.com", "U"],
  ])("%p -> %p", (email, expected) => {
    expect(initialsFromEmail(email)).toBe(expected);
  });
});
