// One transcript (spec sections 7 and 8): GET /api/transcript/{id}, for the transcript page and for
// list rows that lack a field.
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { ApiError, errorMessage } from "@/lib/client/api-error";
import type { TranscriptDetail } from "@/lib/schemas/transcripts";

export const TRANSCRIPT_URL = "/api/transcript";

/** Spec section 8. */
export const DETAIL_FAILED = "Failed to fetch transcript";

export const transcriptKey = (id: string) => [TRANSCRIPT_URL, id] as const;

export function transcriptUrl(id: string): string {
  return `${TRANSCRIPT_URL}/${encodeURIComponent(id)}`;
}

/** Raised for a transcript the server does not know (404). */
export class TranscriptNotFoundError extends Error {
  constructor() {
    super("Transcript not found");
    this.name = "TranscriptNotFoundError";
  }
}

/** One transcript; a 404 becomes TranscriptNotFoundError, other failures carry the server's message. */
export async function fetchTranscript(id: string): Promise<TranscriptDetail> {
  try {
    return await apiRequest<TranscriptDetail>("GET", transcriptUrl(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new TranscriptNotFoundError();
    throw new Error(errorMessage(error, DETAIL_FAILED));
  }
}

export function useTranscript(id: string) {
  return useQuery({ queryKey: transcriptKey(id), queryFn: () => fetchTranscript(id) });
}
