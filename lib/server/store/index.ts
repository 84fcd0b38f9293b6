// The transcript store: every operation the rest of the portal performs on transcripts, on SQLite
// or PostgreSQL alike. Which database runs is decided once, from DATABASE_URL (active-database.ts),
// and nothing outside this folder knows it. How it works, table by table: DESIGN.md.

/** Stores a batch of transcripts: new ids inserted, known ones updated, never duplicated. */
export { saveTranscripts, type SaveResult } from "./save-transcripts";

/** Deletes transcripts by id, with their rollups, search rows and feedback. */
export { deleteTranscripts } from "./delete-transcripts";
/** The keyed hashes of the e-mail addresses and phone numbers transcripts held as received. */
export { savePersonKeys, transcriptIdsWithPersonKeys, type PersonKeyRow } from "./person-keys";
/** After an erasure: none of the deleted transcripts' bytes left in the database's files. */
export { scrubDeletedTranscripts } from "./active-database";

/** Which transcripts an erasure or the retention deletes: by ids, by session, records that may hold a value, the oldest. */
export {
  countCreatedBefore,
  oldestIdsBefore,
  readSourcesPassing,
  storedTranscriptIds,
  transcriptIdsOfSession,
  type SourceChunk,
} from "./deletion-targets";

/** One page of the transcripts of a range, optionally searched and of one session, with its total. */
export { listTranscripts } from "./list-transcripts";

/** Every transcript a list filter matches with its conversation, review and ratings, page by page (conversation-pages.ts). */
export { conversationPages, type StoredConversation } from "./conversation-pages";

/** A review action on every transcript a list filter matches, refused when the count changed (bulk-review.ts). */
export { applyBulkReview, BulkCountChanged } from "./bulk-review";

/** One transcript in the platform's format; throws NOT_FOUND. */
export { getTranscript, TRANSCRIPT_NOT_FOUND } from "./get-transcript";
/** One transcript's review as stored: status, assignee, last editor, tags, notes. */
export { reviewOf, type StoredReview } from "./review-columns";

/** The per-day, per-hour and per-attribute counts the analytics are made of. */
export { countForAnalytics, type AnalyticsCounts } from "./analytics-counts";
/** The phrase lists signals are derived with now, for the import and seed workers. */
export { currentSignalSettings, hasSignalsOfOtherVersion, recomputeSignalsAfter, type RecomputedSignals } from "./transcript-signals";
/** Stored records in sort key order, for the jobs that go over every transcript. */
export { readSourcesAfter, type StoredSource } from "./stored-sources";
/** The per-day signal and rating counts and the conversation lengths the insights are made of. */
export { countForInsights, type InsightCounts } from "./insight-counts";
/** The question groups of a range, ranked, with their figures (top questions). */
export { countQuestionGroups, type QuestionGroupCounts } from "./question-groups";
/** How many transcripts were created in a range, from the rollups. */
export { countInRange } from "./count-in-range";
export { ROLLUP_DIMENSIONS, type RollupDimension } from "./rollup-deltas";

/** The words of search texts, as the import and seed workers work them out for saveTranscripts (search-words.ts). */
export type { TextsWords } from "./search-words";

/**
 * The connections' life: opening at server start, Prisma's client on the same connections
 * (lib/server/db.ts), the database's name (for the health check), bulk loads (import and seed
 * commands), closing.
 */
export { beginBulkWrites, closeStore, databaseName, dialectOf, finishBulkWrites, openStore, prismaClient } from "./active-database";
export type { DatabaseName, PortalPrismaClient } from "./database";

/** The session check of every signed-in request, and the ids erased on request, by primary key. */
export { erasedIdsAmong, readSession, type StoredSession } from "./session-reads";

/** The code of a read stopped at its time budget (answered 503). */
export { READ_TIMEOUT_CODE } from "./read-budget";
