// Creates or promotes an account from the command line, e.g. the first administrator:
//   npm run user:create -- --email admin@example.com --admin [--name "Ada Admin"]
// The password comes from USER_PASSWORD or is asked for (hidden). An existing account is approved,
// re-activated and (with --admin) promoted; its password changes only if one is given.
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { provisionUser } from "@/lib/server/users/provision-user";
import { disconnectDb } from "@/lib/server/db";
import { promptHidden } from "./lib/prompt-hidden";
import { runCommand, errorMessage } from "./lib/command-line";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      admin: { type: "boolean", default: false },
      "set-password": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || !values.email) {
    console.log("Usage: npm run user:create -- --email <email> [--admin] [--name <name>] [--set-password]");
    console.log("Password: from USER_PASSWORD, or asked for when creating an account (or with --set-password).");
    process.exit(values.help ? 0 : 2);
  }

  const { db } = await import("@/lib/server/db");
  const exists = (await db.user.count({ where: { email: values.email.trim().toLowerCase() } })) > 0;
  let password = process.env.USER_PASSWORD || undefined;
  if (!password && (!exists || values["set-password"])) {
    password = await promptHidden("Password (at least 8 characters): ");
    const confirmation = await promptHidden("Repeat the password: ");
    if (password !== confirmation) throw new Error("The passwords do not match");
  }

  const result = await provisionUser({
    email: values.email,
    password,
    name: values.name,
    isAdmin: values.admin,
    approved: true,
    isActive: true,
  });
  const role = values.admin ? "administrator" : "user";
  console.log(`${result.created ? "Created" : "Updated"} ${role} ${result.email} (id ${result.id}).`);
}

runCommand(main, {
  close: disconnectDb,
  describe: (error) => (error instanceof ZodError ? error.issues.map((issue) => issue.message).join("; ") : errorMessage(error)),
});
