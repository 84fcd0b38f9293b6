// The administrators' sources: list (polled, faster while a run is under way), how the sync is
// driven, runs, add, change, delete, test the connection, sync now; and every signed-in user's
// list of source names (the dashboard's Source filter, the transcript page's source).
import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type {
  ConnectionTestDto,
  CreateSourceInput,
  SourceDto,
  SourceNameDto,
  SyncRunDto,
  SyncScheduleDto,
  UpdateSourceInput,
} from "@/lib/schemas/sources";

const sourcesKey = ["/api/admin/sources"] as const;
const runsKey = (sourceId: string) => ["/api/admin/sources", sourceId, "runs"] as const;
/** How often a running source's progress is read again. */
export const RUNNING_POLL_MS = 1000;
/** How often the sources are read again while none runs: the scheduler starts runs by itself. */
export const IDLE_POLL_MS = 15_000;

export function useSources() {
  return useQuery<SourceDto[]>({
    queryKey: sourcesKey,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((source) => source.status === "running") ? RUNNING_POLL_MS : IDLE_POLL_MS),
  });
}

export function useSyncSchedule() {
  return useQuery<SyncScheduleDto>({ queryKey: ["/api/admin/sources/schedule"], staleTime: 0, refetchInterval: 60_000 });
}

/** Every source's id and name, for any signed-in user; read when `enabled`. */
export function useSourceNames({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<SourceNameDto[]>({ queryKey: ["/api/sources"], staleTime: 60_000, enabled });
}

/**
 * Polled while the source runs, and read once more when its run ends or its last sync changes (a
 * scheduled run may start and end between two reads of the list), so the finished run shows its
 * final counts.
 */
export function useSourceRuns(sourceId: string, isRunning: boolean, lastSyncAt: string | null) {
  const runs = useQuery<SyncRunDto[]>({ queryKey: runsKey(sourceId), staleTime: 0, refetchInterval: isRunning ? RUNNING_POLL_MS : false });
  const seen = useRef({ isRunning, lastSyncAt });
  const { refetch } = runs;
  useEffect(() => {
    if ((seen.current.isRunning && !isRunning) || seen.current.lastSyncAt !== lastSyncAt) void refetch();
    seen.current = { isRunning, lastSyncAt };
  }, [isRunning, lastSyncAt, refetch]);
  return runs;
}

function useSourceMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: sourcesKey }) });
}

const sourceUrl = (sourceId: string) => `/api/admin/sources/${encodeURIComponent(sourceId)}`;

export const useCreateSource = () =>
  useSourceMutation((input: CreateSourceInput) => apiRequest<SourceDto>("POST", "/api/admin/sources", input));

export const useUpdateSource = () =>
  useSourceMutation(({ sourceId, input }: { sourceId: string; input: UpdateSourceInput }) =>
    apiRequest<SourceDto>("PATCH", sourceUrl(sourceId), input),
  );

export const useDeleteSource = () =>
  useSourceMutation(({ sourceId, withTranscripts }: { sourceId: string; withTranscripts: boolean }) =>
    apiRequest<{ ok: true; transcriptsDeleted: number }>(
      "DELETE",
      `${sourceUrl(sourceId)}${withTranscripts ? "?withTranscripts=true" : ""}`,
    ),
  );

export const useSyncSource = () =>
  useSourceMutation((sourceId: string) => apiRequest<{ runId: string }>("POST", `${sourceUrl(sourceId)}/sync`));

export function useTestSource() {
  return useMutation({ mutationFn: (sourceId: string) => apiRequest<ConnectionTestDto>("POST", `${sourceUrl(sourceId)}/test`) });
}
