// The default loader GETs the query key joined with "/"; no retries, no refetch
// on focus or interval, and results stay fresh until something invalidates them.
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiFetch, throwIfNotOk } from "@/lib/client/api-fetch";

export type UnauthorizedBehavior = "returnNull" | "throw";

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await apiFetch("GET", queryKey.join("/"));
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
