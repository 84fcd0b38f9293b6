import "server-only";
import { badRequest } from "../http/app-error";
import { transcriptFilterFields, type ListTranscriptsQuery } from "@/lib/schemas/transcripts";

/** The list's parameters that repeat (?tag=a&tag=b, ?signal=fallback&signal=handoff, ?source=ingest&source=import). */
const REPEATED_PARAMS = ["tag", "signal", "source"] as const;

/**
 * route() reads one value per query parameter; the repeated ones have their every value read here,
 * through the same schema.
 */
export function repeatedParams<Q extends Pick<ListTranscriptsQuery, (typeof REPEATED_PARAMS)[number]>>(
  query: Q,
  params: URLSearchParams,
): Q {
  let result = query;
  for (const name of REPEATED_PARAMS) {
    const values = params.getAll(name);
    if (values.length <= 1) continue;
    const parsed = transcriptFilterFields[name].safeParse(values);
    if (!parsed.success) throw badRequest(`${name}: ${parsed.error.issues[0]?.message ?? "is invalid"}`);
    result = { ...result, [name]: parsed.data };
  }
  return result;
}

/** The query's parameters as given, a repeated one as the list of its values (the filter an audit entry records). */
export function paramsAsGiven(params: URLSearchParams, except: readonly string[]): Record<string, string | string[]> {
  const names = [...new Set(params.keys())].filter((name) => !except.includes(name));
  return Object.fromEntries(names.map((name) => [name, params.getAll(name).length > 1 ? params.getAll(name) : params.get(name)!]));
}
