import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { turnRole, turnsOf } from "@/lib/transcripts/turns";
import { storedDialog } from "@/lib/transcripts/stored-source";
import type { MyFeedbackDto, SubmitFeedbackInput } from "@/lib/schemas/feedback";
import type { SessionUser } from "../auth/session";

export const FEEDBACK_MESSAGES = {
  transcriptNotFound: "Transcript not found",
  noSuchMessage: "messageIndex does not point at a message of this transcript",
  notBotMessage: "Only the bot's messages can be rated",
} as const;

const myFeedbackSelect = { id: true, transcriptId: true, messageIndex: true, feedbackType: true, comment: true, createdAt: true } as const;

type MyFeedbackRow = {
  id: string;
  transcriptId: string;
  messageIndex: number;
  feedbackType: string;
  comment: string | null;
  createdAt: Date;
};

function toMyFeedbackDto(row: MyFeedbackRow): MyFeedbackDto {
  return { ...row, feedbackType: row.feedbackType as MyFeedbackDto["feedbackType"], createdAt: row.createdAt.toISOString() };
}

/**
 * Stores the caller's rating of one bot message; a second rating of the same message replaces the
 * first and goes back to pending review. Throws 404 for an unknown transcript, 400 when the index
 * is not a bot message among the shown turns.
 */
export async function submitFeedback({ actor, input }: { actor: SessionUser; input: SubmitFeedbackInput }): Promise<MyFeedbackDto> {
  const transcript = await db.transcript.findUnique({
    where: { id: input.transcriptId },
    select: { id: true, sessionId: true, source: true },
  });
  if (!transcript) throw new AppError("NOT_FOUND", FEEDBACK_MESSAGES.transcriptNotFound);
  const turn = turnsOf(storedDialog(transcript.source, transcript))[input.messageIndex];
  if (!turn) throw new AppError("BAD_REQUEST", FEEDBACK_MESSAGES.noSuchMessage);
  if (turnRole(turn) !== "bot") throw new AppError("BAD_REQUEST", FEEDBACK_MESSAGES.notBotMessage);

  const key = { userId: actor.id, transcriptId: input.transcriptId, messageIndex: input.messageIndex };
  const rating = { feedbackType: input.feedbackType, comment: input.comment ?? null, reviewStatus: "pending" };
  const upsert = () =>
    db.feedback.upsert({
      where: { userId_transcriptId_messageIndex: key },
      create: { ...key, ...rating },
      update: rating,
      select: myFeedbackSelect,
    });
  try {
    return toMyFeedbackDto(await upsert());
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Two first ratings racing: the loser's insert hits the unique key; by now the row exists.
    if (code === "P2002") return toMyFeedbackDto(await upsert());
    // The transcript was deleted after it was read: its foreign key refuses the rating.
    if (code === "P2003" && !(await db.transcript.findUnique({ where: { id: input.transcriptId }, select: { id: true } }))) {
      throw new AppError("NOT_FOUND", FEEDBACK_MESSAGES.transcriptNotFound);
    }
    throw error;
  }
}

/** The caller's own ratings on one transcript, so the page can show them again. */
export async function listMyFeedback({ actor, transcriptId }: { actor: SessionUser; transcriptId: string }): Promise<MyFeedbackDto[]> {
  const rows = await db.feedback.findMany({
    where: { userId: actor.id, transcriptId },
    orderBy: { messageIndex: "asc" },
    select: myFeedbackSelect,
  });
  return rows.map(toMyFeedbackDto);
}
