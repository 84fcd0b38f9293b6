// Seeds the demo accounts when the database has no users yet: the demo administrator
// (DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD) and a few approved, pending and revoked users.
import { db, disconnectDb } from "@/lib/server/db";
import { provisionUser } from "@/lib/server/users/provision-user";

export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_ADMIN_PASSWORD = "admin-demo-123";
const DEMO_USER_PASSWORD = "demo-user-123";

const DEMO_USERS = [
  { email: "jane.doe@example.com", name: "Jane Doe", approved: true },
  { email: "support.lead@example.com", name: "Sam Lead", approved: true },
  { email: "new.analyst@example.com", name: null, approved: false },
  { email: "pending.reviewer@example.com", name: "Pat Reviewer", approved: false },
  { email: "former.staff@example.com", name: "Former Staff", approved: true, isActive: false },
];

async function main() {
  if ((await db.user.count()) > 0) {
    console.log("Users exist already: demo accounts not seeded.");
    return;
  }
  const adminEmail = process.env.DEMO_ADMIN_EMAIL?.trim() || DEMO_ADMIN_EMAIL;
  const adminPassword = process.env.DEMO_ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD;
  await provisionUser({ email: adminEmail, password: adminPassword, name: "Demo Admin", isAdmin: true, approved: true });
  for (const user of DEMO_USERS) {
    await provisionUser({ ...user, password: DEMO_USER_PASSWORD, isActive: user.isActive ?? true });
  }
  console.log(`Seeded demo administrator ${adminEmail} and ${DEMO_USERS.length} demo users (password ${DEMO_USER_PASSWORD}).`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
