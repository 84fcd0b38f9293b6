import "server-only";
import { badRequest } from "../http/app-error";
import { transcriptFilterFields, type ListTranscriptsQuery } from "@/lib/schemas/transcripts";

/**
 * route() reads one value per query parameter; `tag` repeats (?tag=a&tag=b), so its every value
 * is read here, through the same schema.
 */
export function repeatedParams<Q extends Pick<ListTranscriptsQuery, "tag">>(query: Q, params: URLSearchParams): Q {
  const values = params.getAll("tag");
  if (values.length <= 1) return query;
  const parsed = transcriptFilterFields.tag.safeParse(values);
  if (!parsed.success) throw badRequest(`tag: ${parsed.error.issues[0]?.message ?? "is invalid"}`);
  return { ...query, tag: parsed.data };
}
