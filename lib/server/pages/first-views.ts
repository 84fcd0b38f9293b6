import "server-only";
import type { DehydratedState } from "@tanstack/react-query";
import { DEFAULT_ANALYTICS_DAYS, presetRange } from "@/lib/charts/analytics-range";
import { analyticsKeys, analyticsRequest } from "@/lib/queries/analytics";
import { transcriptKey } from "@/lib/queries/transcript";
import { analyticsQuerySchema } from "@/lib/schemas/analytics";
import { transcriptIdParamsSchema } from "@/lib/schemas/transcripts";
import { getAnalytics } from "../analytics/get-analytics";
import { getReviewedTranscript } from "../review/get-reviewed-transcript";
import { prefetchForPage } from "./prefetch-for-page";

/** The transcript page's conversation, as GET /api/transcript/{id} answers it; nothing for an id the API would refuse. */
export function transcriptFirstView(transcriptId: string): Promise<DehydratedState | null> {
  const params = transcriptIdParamsSchema.safeParse({ transcriptId });
  return prefetchForPage(
    params.success ? [{ queryKey: transcriptKey(transcriptId), load: () => getReviewedTranscript(params.data.transcriptId) }] : [],
  );
}

/**
 * The Analytics page's default range ending at `now`, as GET /api/analytics answers it in the
 * viewer's time zone; nothing when the zone is unknown (or not one the API takes), since the
 * browser's query names its zone.
 */
export function analyticsFirstView({ now, tz }: { now: Date; tz: string | undefined }): Promise<DehydratedState | null> {
  const request = tz ? analyticsRequest(presetRange(DEFAULT_ANALYTICS_DAYS, now), tz) : null;
  const query = request ? analyticsQuerySchema.safeParse(request) : null;
  return prefetchForPage(
    request && query?.success ? [{ queryKey: analyticsKeys.range(request), load: () => getAnalytics(query.data) }] : [],
  );
}
