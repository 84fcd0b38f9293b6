// The analytics rollups compared with a fresh count from the transcripts, for the tests of every
// way transcripts are stored, changed or deleted.
import { db } from "@/lib/server/db";
import { rollupDeltas } from "@/lib/server/store/rollup-deltas";

/** The analytics rollups as stored, and as counted again from the transcripts. */
export async function rollupsAndRecount() {
  const transcripts = await db.transcript.findMany({
    select: { createdAt: true, device: true, os: true, browser: true, messageCount: true },
  });
  const expected = rollupDeltas(
    transcripts.map((t) => ({
      before: null,
      after: { createdAtMs: t.createdAt.getTime(), device: t.device, os: t.os, browser: t.browser, messageCount: t.messageCount },
    })),
  );
  const slots = await db.transcriptSlotCount.findMany({ orderBy: { slot: "asc" } });
  const attributes = await db.transcriptHourAttribute.findMany();
  const sortAttributes = (rows: { dimension: string; hour: number; value: string; count: number }[]) =>
    rows.map((row) => `${row.dimension}|${row.hour}|${row.value}|${row.count}`).sort();
  return {
    stored: { slots: slots.map((row) => [row.slot, row.count]), attributes: sortAttributes(attributes) },
    recounted: {
      slots: expected.slots.map((row) => [row.slot, row.delta]),
      attributes: sortAttributes(expected.attributes.map((row) => ({ ...row, count: row.delta }))),
    },
  };
}
