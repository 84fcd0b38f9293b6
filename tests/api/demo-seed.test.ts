// The demo's accounts and ratings (`npm run demo` runs scripts/seed-demo.ts after its transcripts),
// run for real against this test file's database.
import * as loginRoute from "@/app/api/auth/login/route";
import { db } from "@/lib/server/db";
import { storedDialog } from "@/lib/transcripts/stored-source";
import { turnRole, turnsOf } from "@/lib/transcripts/turns";
import { call } from "../helpers/api-client";
import { conversation, storeTranscripts } from "../helpers/stored-transcripts";
import { runScript } from "../helpers/run-script";

function seedDemo() {
  return runScript("seed-demo", [], { DEMO_ADMIN_EMAIL: "", DEMO_ADMIN_PASSWORD: "" });
}

describe("demo accounts and ratings", () => {
  it("seeds the accounts and, on an empty database, ratings of bot answers by the approved demo users", async () => {
    await storeTranscripts(...Array.from({ length: 6 }, () => conversation()));
    const result = seedDemo();
    expect(result.output).toMatch(/Seeded demo administrator admin@example\.com and 5 demo users/);
    expect(result.code).toBe(0);

    const login = await call(loginRoute.POST, "POST", "/api/auth/login", {
      body: { email: "admin@example.com", password: "admin-demo-123" },
    });
    expect(login.status).toBe(200);
    expect(await db.user.count({ where: { approved: false } })).toBe(2);

    const feedback = await db.feedback.findMany({
      include: { user: true, transcript: { select: { id: true, sessionId: true, source: true } } },
    });
    expect(feedback.length).toBeGreaterThanOrEqual(6);
    expect(result.output).toContain(`Seeded ${feedback.length} demo ratings`);
    for (const item of feedback) {
      const turn = turnsOf(storedDialog(item.transcript.source, item.transcript))[item.messageIndex];
      expect(turn && turnRole(turn)).toBe("bot");
      expect(item.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(item.user?.approved && item.user.isActive).toBe(true);
    }
    // Something for every filter of Feedback Management.
    expect(new Set(feedback.map((item) => item.feedbackType))).toEqual(new Set(["thumbs_up", "thumbs_down"]));
    expect(new Set(feedback.map((item) => item.reviewStatus))).toEqual(new Set(["pending", "reviewed"]));
    expect(feedback.some((item) => item.comment)).toBe(true);
    expect(new Set(feedback.map((item) => item.user?.email)).size).toBe(2);
  });

  it("leaves a database with users as it is", async () => {
    const before = await db.feedback.count();
    await db.feedback.deleteMany();
    const result = seedDemo();
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/Users exist already/);
    expect(before).toBeGreaterThan(0);
    expect(await db.feedback.count()).toBe(0);
  });
});
