// The export with conversations (GET /api/transcripts/export): each transcript whole, as one JSON
// line, or as CSV rows, one per shown message. Messages are the transcript page's (text and request
// entries), indexed as ratings' messageIndex counts them.
import { csvLine } from "./csv";
import { shownTurns } from "@/lib/transcript-view/shown-turns";
import { DELETED_USER_NAME, type PersonRef, type ReviewStatus, type TagItem } from "@/lib/schemas/review";
import type { SignalKind } from "@/lib/schemas/insights";
import type { DialogEntry } from "@/lib/transcripts/types";

/** A transcript as the store reads it for the export. */
export interface ConversationSource {
  id: string;
  sessionId: string;
  createdAt: string;
  updatedAt: string;
  /** The way in that stored its current version (a source's id, "ingest", "import"); null when none was named. */
  origin: string | null;
  device?: string;
  os?: string;
  browser?: string;
  dialog: DialogEntry[];
  reviewStatus: ReviewStatus;
  assignee: PersonRef | null;
  tags: TagItem[];
  signals: SignalKind[];
  /** Oldest first; authorEmail null when the account is deleted. */
  notes: { authorEmail: string | null; createdAt: string; body: string }[];
  /** userEmail null when the account is deleted. */
  ratings: { messageIndex: number; userEmail: string | null; feedbackType: string; comment: string | null }[];
}

export interface ConversationRating {
  user: string;
  feedbackType: string;
  comment: string | null;
}

export interface ConversationMessage {
  index: number;
  role: "user" | "bot";
  time: string | null;
  text: string;
  ratings: ConversationRating[];
}

/** One line of the JSON Lines export. People are named by e-mail, or DELETED_USER_NAME. */
export interface ConversationLine {
  id: string;
  sessionId: string;
  createdAt: string;
  updatedAt: string;
  source: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  review: {
    status: ReviewStatus;
    assignee: string | null;
    tags: string[];
    notes: { author: string; createdAt: string; text: string }[];
  };
  signals: SignalKind[];
  messages: ConversationMessage[];
}

const personName = (email: string | null) => email ?? DELETED_USER_NAME;

/** The transcript as its JSON line holds it. */
export function conversationLine(source: ConversationSource): ConversationLine {
  return {
    id: source.id,
    sessionId: source.sessionId,
    createdAt: source.createdAt,
    updatedAt: source.updatedAt,
    source: source.origin,
    device: source.device ?? null,
    os: source.os ?? null,
    browser: source.browser ?? null,
    review: {
      status: source.reviewStatus,
      assignee: source.assignee?.email ?? null,
      tags: source.tags.map((tag) => tag.name),
      notes: source.notes.map((note) => ({ author: personName(note.authorEmail), createdAt: note.createdAt, text: note.body })),
    },
    signals: source.signals,
    messages: conversationMessages(source),
  };
}

/** The shown messages, each with its ratings (a rating of no shown message is left out). */
export function conversationMessages(source: Pick<ConversationSource, "dialog" | "ratings">): ConversationMessage[] {
  return shownTurns(source.dialog).map((turn) => ({
    index: turn.index,
    role: turn.role,
    time: turn.timestamp,
    text: turn.text,
    ratings: source.ratings
      .filter((rating) => rating.messageIndex === turn.index)
      .map((rating) => ({ user: personName(rating.userEmail), feedbackType: rating.feedbackType, comment: rating.comment })),
  }));
}

/** The transcript as one line of JSON Lines, newline included. */
export function conversationJsonLine(source: ConversationSource): string {
  return `${JSON.stringify(conversationLine(source))}\n`;
}

export const CONVERSATION_CSV_HEADER = [
  "Transcript ID",
  "Session ID",
  "Message Index",
  "Role",
  "Time",
  "Text",
  "Thumbs Up",
  "Thumbs Down",
  "Comments",
] as const;

/** Separates the comments of one message's ratings in its CSV cell. */
export const COMMENT_SEPARATOR = "\n";

/**
 * The transcript's CSV rows, one per shown message, every cell quoted and formula-safe (csvCell);
 * a message's text keeps its line breaks inside its quoted cell.
 */
export function conversationCsvRows(source: ConversationSource): string {
  return conversationMessages(source)
    .map((message) => {
      const count = (type: string) => message.ratings.filter((rating) => rating.feedbackType === type).length;
      const comments = message.ratings.map((rating) => rating.comment?.trim() ?? "").filter((comment) => comment !== "");
      return csvLine([
        source.id,
        source.sessionId,
        message.index,
        message.role,
        message.time ?? "",
        message.text,
        count("thumbs_up"),
        count("thumbs_down"),
        comments.join(COMMENT_SEPARATOR),
      ]);
    })
    .join("");
}
