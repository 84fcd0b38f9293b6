import "server-only";
import { AppError, badRequest } from "../http/app-error";
import { transcriptIdsWithPersonKeys } from "../store";
import { personKeySecret } from "./person-key-secret";
import { normalizeErasureQuery, type ErasureQuery } from "@/lib/privacy/erasure";
import { personKeysOf } from "@/lib/privacy/person-keys";
import { personValuesOfQuery } from "@/lib/privacy/person-values";
import { MAX_PERSON_IDS, type PersonQuery, type PersonTranscripts } from "@/lib/schemas/privacy";

// A person's transcripts: those given, when received, the keyed hash of the person's e-mail address
// or phone number (TranscriptPersonKey), whether or not their texts still hold it.

/** The address or number a person target names ({email} or {phone}), as the matcher compares it; null for none. Throws BAD_REQUEST. */
export function personQueryOf(person: { email?: string; phone?: string }): ErasureQuery | null {
  const kind = person.email !== undefined ? "email" : person.phone !== undefined ? "phone" : null;
  if (kind === null) return null;
  const normalized = normalizeErasureQuery(kind, person[kind] ?? "");
  if (!normalized.ok) throw badRequest(`${kind}: ${normalized.message}`);
  return normalized.query;
}

/**
 * The ids of the stored transcripts that held the query's address or number when received, in id
 * order. Throws SERVICE_UNAVAILABLE when no person keys can be made (SOURCES_ENCRYPTION_KEY unset).
 */
export async function transcriptIdsOfPerson(query: ErasureQuery): Promise<string[]> {
  const secret = await personKeySecret();
  if (!secret) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "Finding a person's transcripts needs SOURCES_ENCRYPTION_KEY, which keys the hashes of their addresses and numbers",
    );
  }
  return transcriptIdsWithPersonKeys(personKeysOf(personValuesOfQuery(query), secret));
}

/**
 * GET /api/admin/transcripts/by-person: the person's transcripts, the first MAX_PERSON_IDS ids and
 * how many. Administrators. Throws BAD_REQUEST (not an address or number), SERVICE_UNAVAILABLE.
 */
export async function findPersonTranscripts(person: PersonQuery): Promise<PersonTranscripts> {
  const query = personQueryOf(person);
  if (!query) throw badRequest("Give exactly one of email or phone");
  const ids = await transcriptIdsOfPerson(query);
  return { ids: ids.slice(0, MAX_PERSON_IDS), total: ids.length };
}
