// Administrators: the privacy settings' client calls: which kinds are redacted, the
// custom patterns and the retention; the redaction of stored transcripts followed as a background
// job; and the erasure of transcripts on request, previewed, then confirmed with the count seen.
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { ApiError, errorMessage } from "@/lib/client/api-error";
import type {
  ErasurePreview,
  ErasureRequest,
  ErasureResult,
  ErasureTarget,
  PrivacySettings,
  PrivacySettingsInput,
} from "@/lib/schemas/privacy";
import { analyticsKeys } from "./analytics";
import { useJob } from "./insight-settings";
import { TRANSCRIPT_URL } from "./transcript";
import { transcriptKeys } from "./transcripts";

export const PRIVACY_URL = "/api/admin/privacy";
export const ERASE_URL = "/api/admin/transcripts/erase";
export const privacySettingsKey = [PRIVACY_URL] as const;

async function call<T>(method: string, url: string, body: unknown, fallback: string): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    throw new Error(errorMessage(error, fallback));
  }
}

/** The settings; `enabled` false for someone who may not read them (they are administrators' only). */
export function usePrivacySettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: privacySettingsKey,
    queryFn: () => call<PrivacySettings>("GET", PRIVACY_URL, undefined, "Failed to load the privacy settings"),
    enabled,
  });
}

/**
 * Replaces the settings. The server alone judges the custom patterns (by the engine that runs
 * them), so the body is sent as typed and its 400 message comes back as the error.
 */
export function useSavePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacySettingsInput) => call<PrivacySettings>("PUT", PRIVACY_URL, input, "Failed to save the privacy settings"),
    onSuccess: (saved) => queryClient.setQueryData(privacySettingsKey, saved),
  });
}

/** Forgets every transcript list, transcript and figure read before their texts or number changed. */
function invalidateTranscripts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: transcriptKeys.lists });
  void queryClient.invalidateQueries({ queryKey: [TRANSCRIPT_URL] });
  void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
}

export function useApplyRedaction() {
  return useMutation({
    mutationFn: () => call<{ jobId: string }>("POST", `${PRIVACY_URL}/apply`, undefined, "Failed to start the redaction"),
  });
}

/** Starts the job that keeps the person keys of the stored transcripts (erasure by person). */
export function useKeepPersonKeys() {
  return useMutation({
    mutationFn: () =>
      call<{ jobId: string }>("POST", `${PRIVACY_URL}/person-keys`, undefined, "Failed to start going over the stored transcripts"),
  });
}

/**
 * The progress of a job that changes stored transcripts (redaction, erasure), polled while it runs;
 * transcripts and figures read before it are forgotten when it ends.
 */
export function useTranscriptsJob(jobId: string | null) {
  const queryClient = useQueryClient();
  const job = useJob(jobId);
  const succeeded = job.data?.status === "succeeded";
  useEffect(() => {
    if (succeeded) invalidateTranscripts(queryClient);
  }, [succeeded, jobId, queryClient]);
  return job;
}

export function useErasurePreview() {
  return useMutation({
    mutationFn: (target: ErasureTarget) =>
      call<ErasurePreview>("POST", `${ERASE_URL}/preview`, target, "Failed to count the transcripts to erase"),
  });
}

/** Raised when the transcripts to erase are no longer the number previewed (409): `count` is the new number. */
export class ErasureCountChangedError extends Error {
  readonly count: number;

  constructor(message: string, count: number) {
    super(message);
    this.name = "ErasureCountChangedError";
    this.count = count;
  }
}

/** The new count of a 409 answer, or null when the body holds none. */
function changedCount(error: ApiError): number | null {
  try {
    const body: unknown = JSON.parse(error.bodyText);
    const count = body && typeof body === "object" && "count" in body ? body.count : null;
    return typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}

export function useEraseTranscripts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ErasureRequest) => {
      try {
        return await apiRequest<ErasureResult>("POST", ERASE_URL, request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          const count = changedCount(error);
          if (count !== null) throw new ErasureCountChangedError(errorMessage(error, "The number of transcripts changed"), count);
        }
        throw new Error(errorMessage(error, "Failed to erase the transcripts"));
      }
    },
    onSuccess: () => invalidateTranscripts(queryClient),
  });
}
