// POST /api/admin/transcripts/erase {ids | sessionId | contains | email | phone, reason, expectedCount} —
// administrators: {deleted}, the transcripts of the target erased with everything stored with them
// (audited); 202 {deleted, total, jobId} when the erasure goes on in the background (a large one);
// 409 {message, count} when the target no longer matches expectedCount (nothing deleted).
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { erasureRequestSchema } from "@/lib/schemas/privacy";
import { ErasureCountChanged, eraseTranscripts } from "@/lib/server/privacy/erase-transcripts";

export const POST = route({ access: "admin", body: erasureRequestSchema }, async ({ body, user }) => {
  try {
    const result = await eraseTranscripts(body, user);
    return "jobId" in result ? NextResponse.json(result, { status: 202 }) : result;
  } catch (error) {
    if (error instanceof ErasureCountChanged) return NextResponse.json({ message: error.message, count: error.count }, { status: 409 });
    throw error;
  }
});
