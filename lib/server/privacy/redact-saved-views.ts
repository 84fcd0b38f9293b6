import "server-only";
import type { DatabaseTransaction } from "../db";
import { ErasureMatcher, type ErasureQuery } from "@/lib/privacy/erasure";

// An erasure naming an e-mail address or phone number also takes it out of the saved views: a view
// keeps the list's query string, whose search text may be the very address or number. Each match is
// replaced by its kind's placeholder, as redaction replaces it; the rest of the view is kept.

/** The query string's search parameter, the one saved views keep typed text in. */
const SEARCH_PARAMETER = "search";

/** Replaces the query's address or number in every saved view's search text; resolves to the views changed. */
export async function redactSavedViews(tx: DatabaseTransaction, query: ErasureQuery): Promise<number> {
  const matcher = new ErasureMatcher(query);
  const views = await tx.savedView.findMany({ where: { query: { contains: `${SEARCH_PARAMETER}=` } }, select: { id: true, query: true } });
  let changed = 0;
  for (const view of views) {
    const parameters = new URLSearchParams(view.query);
    const search = parameters.get(SEARCH_PARAMETER);
    if (search === null || !matcher.matchesText(search)) continue;
    parameters.set(SEARCH_PARAMETER, matcher.redactMatches(search));
    await tx.savedView.update({ where: { id: view.id }, data: { query: parameters.toString() } });
    changed += 1;
  }
  return changed;
}
