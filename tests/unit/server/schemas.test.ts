/** @jest-environment node */
import { emailSchema, loginSchema, registerSchema, resetPasswordSchema, PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth";
import { profileUpdateSchema, userIdParamsSchema } from "@/lib/schemas/users";

describe("emailSchema", () => {
  it.each([
    ["  Jane.Doe@Example.COM ", "jane.doe@example.com"],
    ["a+tag@sub.example.org", "a+tag@sub.example.org"],
  ])("normalises %p to %p", (input, expected) => {
    expect(emailSchema.parse(input)).toBe(expected);
  });

  it.each(["", "   ", "plain", "a@b", "a b@example.com", `${"x".repeat(250)}@example.com`, 42, null])("rejects %p", (input) => {
    expect(emailSchema.safeParse(input).success).toBe(false);
  });
});

describe("registerSchema", () => {
  it("requires the spec's minimum password length", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(registerSchema.safeParse({ email: "a@example.com", password: "1234567" }).success).toBe(false);
    expect(registerSchema.safeParse({ email: "a@example.com", password: "12345678" }).success).toBe(true);
  });
});

describe("loginSchema", () => {
  it("lower-cases the address but does not judge its form", () => {
    expect(loginSchema.parse({ email: " Odd@Thing ", password: "x" })).toEqual({ email: "odd@thing", password: "x" });
  });
  it("requires both fields", () => {
    expect(loginSchema.safeParse({ email: "a@b.co" }).success).toBe(false);
    expect(loginSchema.safeParse({ password: "x" }).success).toBe(false);
  });
});

describe("resetPasswordSchema", () => {
  it("trims the token and checks the password", () => {
    expect(resetPasswordSchema.parse({ token: " abc ", password: "long enough" })).toEqual({ token: "abc", password: "long enough" });
    expect(resetPasswordSchema.safeParse({ token: "abc", password: "short" }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ token: "", password: "long enough" }).success).toBe(false);
  });
});

describe("profileUpdateSchema", () => {
  it.each([
    [{}, {}],
    [{ name: "  Ada  " }, { name: "Ada" }],
    [{ name: "" }, { name: null }],
    [{ name: null }, { name: null }],
    [{ email: "NEW@Example.com" }, { email: "new@example.com" }],
  ])("parses %p as %p", (input, expected) => {
    expect(profileUpdateSchema.parse(input)).toEqual(expected);
  });

  it.each([{ isAdmin: true }, { email: "nope" }, { name: 5 }, { name: "x".repeat(101) }])("rejects %p", (input) => {
    expect(profileUpdateSchema.safeParse(input).success).toBe(false);
  });
});

describe("userIdParamsSchema", () => {
  it.each(["cmwr3hu4m0001j17dpp6gq96b", "abc_123-XYZ"])("accepts %p", (id) => {
    expect(userIdParamsSchema.safeParse({ id }).success).toBe(true);
  });
  it.each(["", "../etc", "a b", "x".repeat(65), "id;drop"])("rejects %p", (id) => {
    expect(userIdParamsSchema.safeParse({ id }).success).toBe(false);
  });
});
