// The full conversation view of the transcript page: everything the bot sent, in order, with the
// shown turns among it (the same turns, numbered the same way, as the specification's view:
// shown-turns.ts). From the platform's trace types (../shared/TRANSCRIPT-FORMAT.md):
// - `choice`: the buttons offered (their labels) and the one the user clicked, read from the next
//   request's label;  `cardV2` / `card`: a card;  `carousel`: its cards;  `visual`: an image;
// - `speak`: a voice agent's line (SSML tags dropped) and its audio;  `no-reply` (a trace, or the
//   platform's request for the user's silence): the no-reply timeout;
// - a trace named for a handoff (platform-traces.ts): the handoff to a human;  `end`: the end of
//   a session;  a launch after anything else: the conversation restarted;
// - any other trace type but the platform's internal ones (debug, path, flow, block, ...): a custom
//   action, with its payload as JSON to unfold.
// Before the first entry with a time, and whenever an entry's day (in the viewer's time zone)
// differs from the one before, a day marker. Images and audio keep only http(s) and data URIs of
// their kind; everything else is text to be shown as text.
import { format } from "date-fns";
import { toDate } from "@/lib/format/date-time";
import { fieldsOf, isHandoffName } from "@/lib/insights/platform-traces";
import { messageText } from "@/lib/transcripts/message-text";
import { isTurn } from "@/lib/transcripts/turns";
import { isPlainObject, type DialogEntry } from "@/lib/transcripts/types";
import { shownTurns, type ShownTurn } from "./shown-turns";

export interface CardContent {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  buttons: string[];
}

type Timed = { timestamp: string | null };

export type ConversationEntry =
  | { kind: "turn"; turn: ShownTurn }
  | { kind: "day"; date: string }
  | (Timed & { kind: "buttons"; labels: string[]; chosen: string | null })
  | (Timed & { kind: "card"; card: CardContent })
  | (Timed & { kind: "carousel"; cards: CardContent[] })
  | (Timed & { kind: "image"; url: string })
  | (Timed & { kind: "voice"; text: string; audioUrl: string | null })
  | (Timed & { kind: "no-reply" })
  | (Timed & { kind: "handoff"; name: string })
  | (Timed & { kind: "end" })
  | (Timed & { kind: "restart" })
  | (Timed & { kind: "action"; name: string; details: string });

/** Trace types the platform records for itself, not shown to the user. */
const INTERNAL_TRACE_TYPES = new Set(["debug", "path", "flow", "block", "goto", "entity-filling", "knowledgeBase", "log", "stream"]);

/** An http(s) URL, or a data URI of this kind of media ("data:image/png;base64,..."); null for anything else. */
export function safeMediaUrl(value: unknown, media: "image" | "audio"): string | null {
  if (typeof value !== "string") return null;
  const url = value.trim();
  if (/^https?:\/\//i.test(url)) return URL.canParse(url) ? url : null;
  return new RegExp(`^data:${media}/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*,`, "i").test(url) ? url : null;
}

/** A voice line's words: SSML tags dropped, spaces collapsed. */
export function spokenText(message: string): string {
  return message
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function conversationEntries(dialog: readonly DialogEntry[] | null | undefined): ConversationEntry[] {
  if (!Array.isArray(dialog)) return [];
  const turns = shownTurns(dialog);
  const entries: ConversationEntry[] = [];
  let turnCount = 0;
  let lastDay: string | null = null;
  let hasShownAny = false;
  const push = (entry: ConversationEntry, timestamp: string | null) => {
    hasShownAny = true;
    const day = dayOf(timestamp);
    if (day !== null && day !== lastDay) {
      entries.push({ kind: "day", date: timestamp! });
      lastDay = day;
    }
    entries.push(entry);
  };

  dialog.forEach((entry, index) => {
    const timestamp = typeof entry.timestamp === "string" ? entry.timestamp : null;
    const fields = fieldsOf(entry);
    if (isLaunch(entry) && hasShownAny) push({ kind: "restart", timestamp }, timestamp);
    // The platform's request for the user's silence and its no-reply trace mark one timeout.
    if (isNoReply(entry) && !(index > 0 && isNoReply(dialog[index - 1]))) push({ kind: "no-reply", timestamp }, timestamp);
    if (isTurn(entry)) {
      push({ kind: "turn", turn: turns[turnCount] }, timestamp);
      turnCount += 1;
      return;
    }
    const shown = traceEntry(entry.type, fields, timestamp, () => clickedAfter(dialog, index));
    if (shown) push(shown, timestamp);
  });
  return entries;
}

function traceEntry(
  type: string,
  fields: Record<string, unknown> | null,
  timestamp: string | null,
  clicked: () => string | null,
): ConversationEntry | null {
  switch (type) {
    case "launch":
    case "no-reply":
    case "text":
      return null;
    case "choice": {
      const labels = buttonLabels(fields?.buttons);
      if (labels.length === 0) return null;
      const label = clicked();
      return { kind: "buttons", timestamp, labels, chosen: label !== null && labels.includes(label) ? label : null };
    }
    case "cardV2":
    case "card":
      return fields ? { kind: "card", timestamp, card: cardOf(fields) } : null;
    case "carousel": {
      const cards = Array.isArray(fields?.cards) ? fields.cards.filter(isPlainObject).map(cardOf) : [];
      return cards.length > 0 ? { kind: "carousel", timestamp, cards } : null;
    }
    case "visual": {
      const url = safeMediaUrl(fields?.image, "image");
      return url ? { kind: "image", timestamp, url } : null;
    }
    case "speak": {
      const text = typeof fields?.message === "string" ? spokenText(fields.message) : "";
      const audioUrl = safeMediaUrl(fields?.src, "audio");
      return text !== "" || audioUrl ? { kind: "voice", timestamp, text, audioUrl } : null;
    }
    case "end":
      return { kind: "end", timestamp };
    default:
      if (INTERNAL_TRACE_TYPES.has(type)) return null;
      if (isHandoffName(type)) return { kind: "handoff", timestamp, name: type };
      return { kind: "action", timestamp, name: type, details: JSON.stringify(fields ?? {}, null, 2) };
  }
}

function isLaunch(entry: DialogEntry): boolean {
  return entry.type === "launch" || (entry.type === "request" && isPlainObject(entry.payload) && entry.payload.type === "launch");
}

function isNoReply(entry: DialogEntry): boolean {
  return entry.type === "no-reply" || (entry.type === "request" && isPlainObject(entry.payload) && entry.payload.type === "no-reply");
}

/** The text of the user's next request after the buttons (a click's label), unless other buttons come first. */
function clickedAfter(dialog: readonly DialogEntry[], choiceIndex: number): string | null {
  for (let index = choiceIndex + 1; index < dialog.length; index++) {
    const entry = dialog[index];
    if (entry.type === "choice") return null;
    if (entry.type === "request") return messageText(entry);
  }
  return null;
}

function buttonLabels(buttons: unknown): string[] {
  if (!Array.isArray(buttons)) return [];
  return buttons.flatMap((button) =>
    isPlainObject(button) && typeof button.name === "string" && button.name.trim() !== "" ? [button.name] : [],
  );
}

function cardOf(fields: Record<string, unknown>): CardContent {
  const description = isPlainObject(fields.description) ? fields.description.text : fields.description;
  return {
    title: nonBlank(fields.title),
    description: nonBlank(description),
    imageUrl: safeMediaUrl(fields.imageUrl, "image"),
    buttons: buttonLabels(fields.buttons),
  };
}

function nonBlank(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The calendar day of an instant in the viewer's time zone, or null. */
function dayOf(timestamp: string | null): string | null {
  const date = toDate(timestamp);
  return date ? format(date, "yyyy-MM-dd") : null;
}
