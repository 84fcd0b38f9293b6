// Feedback for the Feedback Management journey, given the way users give it: POST /api/feedback
// as a signed-in user, on a bot turn among the shown turns of a seeded transcript.
import { db } from "@/lib/server/db";
import type { FeedbackType, MyFeedbackDto } from "@/lib/schemas/feedback";
import { readServerState } from "./server-state";

async function call(method: string, pathname: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${readServerState().baseUrl}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Ids of seeded transcripts, newest first. */
export async function transcriptIds(count: number): Promise<string[]> {
  process.env.DATABASE_URL = readServerState().databaseUrl;
  const rows = await db.transcript.findMany({
    select: { id: true },
    orderBy: { sortKey: "desc" },
    take: count,
    where: { messageCount: { gte: 4 } },
  });
  return rows.map((row) => row.id);
}

/** The 0-based indexes, among the shown (text and request) turns, of the bot's turns. */
export async function botTurnIndexes(transcriptId: string, token: string): Promise<number[]> {
  const res = await call("GET", `/api/transcript/${encodeURIComponent(transcriptId)}`, token);
  if (res.status !== 200) throw new Error(`Reading transcript ${transcriptId} failed: ${res.status}`);
  const shown = (res.body.dialog as { type: string }[]).filter((turn) => turn.type === "text" || turn.type === "request");
  return shown.flatMap((turn, index) => (turn.type === "text" ? [index] : []));
}

export async function giveFeedback(
  token: string,
  input: { transcriptId: string; messageIndex: number; feedbackType: FeedbackType; comment?: string },
): Promise<MyFeedbackDto> {
  const res = await call("POST", "/api/feedback", token, input);
  if (res.status !== 201) throw new Error(`Giving feedback failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MyFeedbackDto;
}

/** The figures of the five count cards, straight from the database. */
export async function feedbackCounts() {
  process.env.DATABASE_URL = readServerState().databaseUrl;
  const [total, thumbsUp, thumbsDown, reviewed] = await Promise.all([
    db.feedback.count(),
    db.feedback.count({ where: { feedbackType: "thumbs_up" } }),
    db.feedback.count({ where: { feedbackType: "thumbs_down" } }),
    db.feedback.count({ where: { reviewStatus: "reviewed" } }),
  ]);
  return { total, thumbsUp, thumbsDown, pending: total - reviewed, reviewed };
}

export async function findFeedback(id: string) {
  process.env.DATABASE_URL = readServerState().databaseUrl;
  return db.feedback.findUnique({ where: { id } });
}
