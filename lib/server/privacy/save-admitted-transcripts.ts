import "server-only";
import { deleteTranscripts, saveTranscripts, type SaveResult } from "../store";
import { erasedAmong } from "./erased-transcripts";
import { getPrivacySettings } from "./privacy-settings";
import { partitionAdmitted, retentionCutoffMs } from "@/lib/privacy/admission";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";

type SaveOptions = NonNullable<Parameters<typeof saveTranscripts>[1]>;

export interface AdmittedSave extends SaveResult {
  /** Positions of the transcripts not stored: erased on request, or created before the retention limit. */
  skipped: number[];
}

/**
 * Every way in stores through here (the ingest API and the sync by importRecords, the import
 * command per batch): saveTranscripts of the transcripts the privacy rules admit (lib/privacy/
 * admission.ts), the others skipped. `options` are saveTranscripts', aligned with `transcripts`.
 *
 * An erasure records its ids before it deletes (eraseTranscripts), so a transcript it names that
 * passed the check here either is stored before the erasure deletes, and is deleted with the
 * others, or is found erased by the second look after storing, and deleted here: no interleaving
 * leaves it stored.
 */
export async function saveAdmittedTranscripts(
  transcripts: readonly StorableTranscript[],
  options: SaveOptions = {},
): Promise<AdmittedSave> {
  if (transcripts.length === 0) return { imported: 0, updated: 0, skipped: [] };
  const ids = transcripts.map((transcript) => transcript.id);
  const { retentionDays } = (await getPrivacySettings()).settings;
  const rules = {
    erasedIds: await erasedAmong(ids),
    cutoffMs: retentionDays === null ? null : retentionCutoffMs(retentionDays, Date.now()),
  };
  const { admitted, skipped } = partitionAdmitted(transcripts, rules);
  if (admitted.length === 0) return { imported: 0, updated: 0, skipped };
  const saved = await saveTranscripts(
    skipped.length === 0 ? transcripts : admitted.map((position) => transcripts[position]),
    skipped.length === 0 ? options : admittedOptions(options, admitted),
  );
  const erasedMeanwhile = await erasedAmong(admitted.map((position) => ids[position]));
  if (erasedMeanwhile.size > 0) await deleteTranscripts([...erasedMeanwhile]);
  return { ...saved, skipped };
}

/**
 * saveTranscripts' options for the admitted transcripts alone: the signals are per transcript; the
 * words are of all the texts given (they would list the skipped ones' words), so the store works
 * them out again.
 */
function admittedOptions({ bulk, signals }: SaveOptions, admitted: readonly number[]): SaveOptions {
  if (!signals) return { bulk };
  return { bulk, signals: { rows: admitted.map((position) => signals.rows[position]), rulesVersion: signals.rulesVersion } };
}
