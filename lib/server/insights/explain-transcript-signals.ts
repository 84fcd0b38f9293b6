import "server-only";
import { currentSignalSettings } from "../store";
import { explainSignals } from "@/lib/insights/explain-signals";
import { compileSignalRules } from "@/lib/insights/signal-rules";
import type { SignalExplanation } from "@/lib/schemas/insights";
import type { DialogEntry } from "@/lib/transcripts/types";

/**
 * The signals of a transcript's dialog with their turns and reasons, by the phrase lists in force
 * (GET /api/transcript/{id}). Signed-in users; the caller has read the transcript.
 */
export async function explainTranscriptSignals(dialog: readonly DialogEntry[]): Promise<SignalExplanation[]> {
  const { settings } = await currentSignalSettings();
  return explainSignals(dialog, compileSignalRules(settings));
}
