import "server-only";
import { QueryClient, dehydrate, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { getPageSessionUser } from "./page-session";

export interface PagePrefetch {
  /** The key the page's client hook reads (lib/queries), so that the browser reuses the answer. */
  queryKey: QueryKey;
  /** The service the matching API route calls, with the route's access rules already met. */
  load: () => Promise<unknown>;
}

/**
 * What a page's first view shows, fetched on the server for a signed-in user: their session is
 * checked first (fail closed: no user, no fetch). A fetch that fails leaves nothing behind (only
 * successful queries are dehydrated), and the browser then fetches, and shows its states, itself.
 * The answer goes through JSON as the API's does, so the browser gets the same values (dates as strings).
 */
export async function prefetchForPage(prefetches: PagePrefetch[]): Promise<DehydratedState | null> {
  if (prefetches.length === 0 || !(await getPageSessionUser())) return null;
  const queryClient = new QueryClient();
  await Promise.all(
    prefetches.map(({ queryKey, load }) =>
      queryClient.prefetchQuery({ queryKey, queryFn: async () => JSON.parse(JSON.stringify(await load())) as unknown }),
    ),
  );
  return dehydrate(queryClient);
}
