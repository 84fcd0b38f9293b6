// The first-administrator command, run for real against this test file's database.
import * as loginRoute from "@/app/api/auth/login/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser, TEST_PASSWORD } from "../helpers/users";
import { runScript } from "../helpers/run-script";

function userCreate(args: string[], password?: string) {
  return runScript("user-create", args, { USER_PASSWORD: password ?? "" });
}

describe("npm run user:create", () => {
  it("creates an approved administrator who can sign in at once", async () => {
    const result = userCreate(["--email", "Root@Example.com", "--admin", "--name", "Root Admin"], "first-admin-pass");
    expect(result.output).toMatch(/Created administrator root@example\.com/);
    expect(result.code).toBe(0);
    const login = await call(loginRoute.POST, "POST", "/api/auth/login", {
      body: { email: "root@example.com", password: "first-admin-pass" },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: "root@example.com", name: "Root Admin", isAdmin: true });
  });

  it("promotes and approves an existing account without changing its password", async () => {
    const pending = await createUser({ approved: false, isActive: false });
    const result = userCreate(["--email", pending.email, "--admin"]);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/Updated administrator/);
    expect(await db.user.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ approved: true, isActive: true, isAdmin: true });
    expect(
      (await call(loginRoute.POST, "POST", "/api/auth/login", { body: { email: pending.email, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });

  it("refuses bad input with a readable message and no account", async () => {
    const badEmail = userCreate(["--email", "not an email", "--admin"], "long-enough-pass");
    expect(badEmail.code).toBe(1);
    expect(badEmail.output).toMatch(/Enter a valid email address/);
    const shortPassword = userCreate(["--email", "short@example.com"], "short");
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.output).toMatch(/at least 8 characters/);
    const noPassword = userCreate(["--email", "nopass@example.com"]);
    expect(noPassword.code).toBe(1);
    expect(noPassword.output).toMatch(/USER_PASSWORD/);
    expect(await db.user.count({ where: { email: { in: ["short@example.com", "nopass@example.com"] } } })).toBe(0);
    expect(userCreate([]).code).toBe(2);
  });
});
