// Seeds the demo accounts when the database has no users yet: the demo administrator
// (DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD), a few approved, pending and revoked users, and the
// approved users' ratings of bot answers in the newest transcripts, some already reviewed, so that
// Feedback Management has something to triage. Run after the demo transcripts are seeded.
import { db, disconnectDb } from "@/lib/server/db";
import { submitFeedback } from "@/lib/server/feedback/submit-feedback";
import { submitFeedbackSchema } from "@/lib/schemas/feedback";
import { provisionUser } from "@/lib/server/users/provision-user";
import { storedDialog } from "@/lib/transcripts/stored-source";
import { turnRole, turnsOf } from "@/lib/transcripts/turns";
import { runCommand } from "./lib/command-line";

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

/** How many of the newest transcripts the approved demo users rate (one or two bot answers each). */
const RATED_TRANSCRIPTS = 12;

/** Ratings in turn: a comment of null is a thumbs up without one. */
const DEMO_RATINGS: { feedbackType: "thumbs_up" | "thumbs_down"; comment: string | null; reviewed: boolean }[] = [
  { feedbackType: "thumbs_down", comment: "Quoted the 14-day return window; it is 30 days since the policy change.", reviewed: false },
  { feedbackType: "thumbs_up", comment: null, reviewed: true },
  { feedbackType: "thumbs_down", comment: "The customer asked for a person twice. Hand over sooner.", reviewed: true },
  { feedbackType: "thumbs_up", comment: "Clear steps, and the link is the right one.", reviewed: false },
  { feedbackType: "thumbs_down", comment: null, reviewed: false },
  { feedbackType: "thumbs_up", comment: null, reviewed: false },
  { feedbackType: "thumbs_down", comment: "Too long for a yes/no question. The answer is in the last sentence.", reviewed: false },
  { feedbackType: "thumbs_up", comment: null, reviewed: true },
  { feedbackType: "thumbs_down", comment: "Asked for the order number although the customer had already given it.", reviewed: true },
  { feedbackType: "thumbs_up", comment: null, reviewed: false },
  { feedbackType: "thumbs_down", comment: "Answered a different question than the one asked.", reviewed: false },
  { feedbackType: "thumbs_up", comment: "Good handover: the summary saved the agent a minute.", reviewed: true },
  { feedbackType: "thumbs_down", comment: "Links to the old help centre page, which now redirects to the home page.", reviewed: false },
  { feedbackType: "thumbs_up", comment: null, reviewed: false },
];

async function seedAccounts(): Promise<boolean> {
  if ((await db.user.count()) > 0) {
    console.log("Users exist already: demo accounts not seeded.");
    return false;
  }
  const adminEmail = process.env.DEMO_ADMIN_EMAIL?.trim() || DEMO_ADMIN_EMAIL;
  const adminPassword = process.env.DEMO_ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD;
  await provisionUser({ email: adminEmail, password: adminPassword, name: "Demo Admin", isAdmin: true, approved: true });
  for (const user of DEMO_USERS) {
    await provisionUser({ ...user, password: DEMO_USER_PASSWORD, isActive: user.isActive ?? true });
  }
  console.log(`Seeded demo administrator ${adminEmail} and ${DEMO_USERS.length} demo users (password ${DEMO_USER_PASSWORD}).`);
  return true;
}

/** The approved demo users rate bot answers of the newest transcripts, a few minutes after each was held. */
async function seedFeedback(): Promise<void> {
  const raters = await db.user.findMany({
    where: { email: { in: DEMO_USERS.filter((user) => user.approved && user.isActive !== false).map((user) => user.email) } },
    select: { id: true, email: true, name: true, isAdmin: true },
    orderBy: { email: "asc" },
  });
  const transcripts = await db.transcript.findMany({
    orderBy: { sortKey: "desc" },
    take: RATED_TRANSCRIPTS,
    select: { id: true, sessionId: true, createdAt: true, source: true },
  });
  if (raters.length === 0 || transcripts.length === 0) return;

  let seeded = 0;
  for (const [position, transcript] of transcripts.entries()) {
    const botAnswers = turnsOf(storedDialog(transcript.source, transcript)).flatMap((turn, index) =>
      turnRole(turn) === "bot" ? [index] : [],
    );
    // The greeting is rarely worth a rating: the answers after it first.
    const rated = (botAnswers.length > 1 ? botAnswers.slice(1) : botAnswers).slice(0, 1 + (position % 2));
    for (const messageIndex of rated) {
      const rating = DEMO_RATINGS[seeded % DEMO_RATINGS.length];
      const actor = raters[Math.floor(seeded / 3) % raters.length];
      const input = submitFeedbackSchema.parse({
        transcriptId: transcript.id,
        messageIndex,
        feedbackType: rating.feedbackType,
        comment: rating.comment,
      });
      const feedback = await submitFeedback({ actor, input });
      await db.feedback.update({
        where: { id: feedback.id },
        data: {
          reviewStatus: rating.reviewed ? "reviewed" : "pending",
          createdAt: new Date(Math.min(Date.now(), transcript.createdAt.getTime() + (5 + seeded * 7) * 60_000)),
        },
      });
      seeded += 1;
    }
  }
  console.log(`Seeded ${seeded} demo ratings of bot answers.`);
}

async function main() {
  if (await seedAccounts()) await seedFeedback();
}

runCommand(main, { close: disconnectDb });
