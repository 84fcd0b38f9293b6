// POST /api/transcripts/bulk {filter: {the list's query parameters}, action: {status | addTagIds |
// removeTagIds | assigneeId}, expectedCount} — approved users: {matched, changed}; 409 {message,
// matched} when the filter no longer matches expectedCount transcripts (nothing is changed then).
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { bulkRequestSchema } from "@/lib/schemas/review";
import { applyBulkAction } from "@/lib/server/review/apply-bulk-action";
import { BulkCountChanged } from "@/lib/server/store";

export const POST = route({ access: "user", body: bulkRequestSchema }, async ({ body, user }) => {
  try {
    return await applyBulkAction(body.filter, body.action, body.expectedCount, user);
  } catch (error) {
    if (error instanceof BulkCountChanged) return NextResponse.json({ message: error.message, matched: error.matched }, { status: 409 });
    throw error;
  }
});
