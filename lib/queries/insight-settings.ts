// Administrators: the insight settings' client calls: the phrase lists, and the
// recompute of every stored transcript's signals followed as a background job.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { errorMessage } from "@/lib/client/api-error";
import { insightSettingsSchema, type InsightSettings, type InsightSettingsInput } from "@/lib/schemas/insights";
import type { JobDto } from "@/lib/schemas/sources";
import { analyticsKeys } from "./analytics";

export const INSIGHT_SETTINGS_URL = "/api/admin/insight-settings";
const settingsKey = [INSIGHT_SETTINGS_URL] as const;

/** How often a running job's progress is asked for. */
const JOB_POLL_MS = 1_000;

async function call<T>(method: string, url: string, body: unknown, fallback: string): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    throw new Error(errorMessage(error, fallback));
  }
}

export function useInsightSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => call<InsightSettings>("GET", INSIGHT_SETTINGS_URL, undefined, "Failed to load the insight settings"),
  });
}

export function useSaveInsightSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InsightSettingsInput) =>
      call<InsightSettings>("PUT", INSIGHT_SETTINGS_URL, insightSettingsSchema.parse(input), "Failed to save the insight settings"),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

export function useStartRecompute() {
  return useMutation({
    mutationFn: () => call<{ jobId: string }>("POST", `${INSIGHT_SETTINGS_URL}/recompute`, undefined, "Failed to start the recompute"),
  });
}

/** A background job's progress, asked for again every second while it runs. */
export function useJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["/api/admin/jobs", jobId],
    queryFn: async () => {
      const job = await call<JobDto>("GET", `/api/admin/jobs/${encodeURIComponent(jobId ?? "")}`, undefined, "Failed to load the job");
      // Finished signals change the insights' figures.
      if (job.status === "succeeded") void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && ["succeeded", "failed"].includes(query.state.data.status) ? false : JOB_POLL_MS),
  });
}
