// The administrators' ingest keys: list, create (the key is shown once), revoke.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { CreateIngestKeyInput, CreatedIngestKeyDto, IngestKeyDto } from "@/lib/schemas/ingest";

const ingestKeysKey = ["/api/admin/ingest-keys"] as const;

export function useIngestKeys() {
  return useQuery<IngestKeyDto[]>({ queryKey: ingestKeysKey, staleTime: 0 });
}

export function useCreateIngestKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIngestKeyInput) => apiRequest<CreatedIngestKeyDto>("POST", "/api/admin/ingest-keys", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ingestKeysKey }),
  });
}

export function useRevokeIngestKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiRequest<IngestKeyDto>("DELETE", `/api/admin/ingest-keys/${encodeURIComponent(keyId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ingestKeysKey }),
  });
}
