import "server-only";
import { db } from "../db";
import { recordAuditEvent } from "../audit/record-audit-event";
import { redactFilterForAudit, type AuditedFilter } from "../audit/redact-audit-filter";
import type { SessionUser } from "../auth/session";
import { conversationPages } from "../store";
import { conversationCsvRows, conversationJsonLine, CONVERSATION_CSV_HEADER } from "@/lib/export/conversations-export";
import { BYTE_ORDER_MARK, csvLine } from "@/lib/export/csv";
import { conversationsExportFileName } from "@/lib/export/file-names";
import type { ConversationExportFormat, ExportTranscriptsQuery } from "@/lib/schemas/transcripts";

/** Transcripts read and written per step: memory holds one page, whatever the set's size. */
export const CONVERSATION_EXPORT_PAGE_SIZE = 200;

const CONTENT_TYPES: Record<ConversationExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

export interface ConversationExport {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

/**
 * GET /api/transcripts/export: every transcript the list's filter matches, with its conversation,
 * review and ratings, as a stream of JSON Lines or CSV rows in the list's order. One audit entry
 * with the filter (`rawFilter`, the parameters as given, its texts redacted) is recorded before anything is read. The
 * stream reads a page only when its reader wants more, and stops reading when the reader cancels or
 * `signal` aborts (the client went away); a read that fails ends the stream with an error, so the
 * client sees a broken download rather than a short file. Signed-in users, as the list.
 */
export async function exportConversations(
  query: ExportTranscriptsQuery,
  rawFilter: AuditedFilter,
  actor: SessionUser,
  signal: AbortSignal,
): Promise<ConversationExport> {
  await recordAuditEvent(db, {
    actor,
    action: "transcripts.export",
    targetType: "transcripts",
    targetId: "filter",
    details: { filter: await redactFilterForAudit(rawFilter), format: query.format },
  });
  return {
    body: streamOf(exportChunks(query, actor), signal),
    contentType: CONTENT_TYPES[query.format],
    fileName: conversationsExportFileName(query.format),
  };
}

/** The file's text, a page of transcripts at a time; says in the server's log when it stops before the end. */
async function* exportChunks(query: ExportTranscriptsQuery, actor: SessionUser): AsyncGenerator<string, void, undefined> {
  const toText = query.format === "jsonl" ? conversationJsonLine : conversationCsvRows;
  let exported = 0;
  let isComplete = false;
  try {
    if (query.format === "csv") yield `${BYTE_ORDER_MARK}${csvLine(CONVERSATION_CSV_HEADER)}`;
    for await (const page of conversationPages(query, { userId: actor.id }, CONVERSATION_EXPORT_PAGE_SIZE)) {
      yield page.map(toText).join("");
      exported += page.length;
    }
    isComplete = true;
  } finally {
    if (!isComplete) console.warn(`An export of transcripts with conversations stopped after ${exported} transcripts`);
  }
}

/** A byte stream of the chunks, pulled one at a time as its reader reads. */
function streamOf(chunks: AsyncGenerator<string, void, undefined>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let isCancelled = false;
  const stop = () => {
    isCancelled = true;
    void chunks.return(undefined);
  };
  signal.addEventListener("abort", stop, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (isCancelled) return;
          if (next.done) {
            signal.removeEventListener("abort", stop);
            controller.close();
          } else {
            controller.enqueue(encoder.encode(next.value));
          }
        } catch (error) {
          signal.removeEventListener("abort", stop);
          console.error("An export of transcripts with conversations failed", error);
          controller.error(error);
        }
      },
      async cancel() {
        signal.removeEventListener("abort", stop);
        isCancelled = true;
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
