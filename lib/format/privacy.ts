// Privacy: the words the Privacy page and the transcript page put on redaction and
// erasure: the placeholders' spoken names, the job's progress and the counts of transcripts.
import { BUILT_IN_PLACEHOLDER_NAMES, type BuiltInKind } from "@/lib/privacy/placeholders";
import type { JobDto } from "@/lib/schemas/sources";
import { percentDone } from "./percent";

const count = (value: number) => value.toLocaleString("en-US");

/** '1 transcript', '1,200 transcripts'. */
export function transcriptCount(value: number): string {
  return `${count(value)} ${value === 1 ? "transcript" : "transcripts"}`;
}

/** What each built-in kind's placeholder stands for, as read out. */
const BUILT_IN_WORDS: Record<BuiltInKind, string> = {
  email: "e-mail address",
  phone: "phone number",
  card: "payment card number",
  iban: "IBAN",
  ip: "IP address",
};
const WORDS_BY_NAME = new Map(
  (Object.keys(BUILT_IN_WORDS) as BuiltInKind[]).map((kind) => [BUILT_IN_PLACEHOLDER_NAMES[kind], BUILT_IN_WORDS[kind]]),
);

/** A placeholder badge's accessible name: 'redacted e-mail address'; a custom ORDER_ID reads 'redacted order id'. */
export function placeholderLabel(name: string): string {
  const words = WORDS_BY_NAME.get(name.toUpperCase()) ?? name.toLowerCase().replaceAll("_", " ");
  return `redacted ${words}`;
}

/** What a job that goes over the stored transcripts says when it ends, and of its progress without a total. */
interface PassWords {
  /** The line of a job that succeeded, from the transcripts it went over. */
  succeeded: (transcripts: string) => string;
  /** What stopped, when a failed job gives no reason. */
  stopped: string;
  /** The verb of the progress without a total ("checked"). */
  went: string;
}

function passProgressText(job: Pick<JobDto, "status" | "done" | "total" | "error">, words: PassWords): string {
  if (job.status === "failed") return `Failed: ${job.error?.trim() || words.stopped}`;
  if (job.status === "succeeded") return words.succeeded(transcriptCount(job.done));
  if (job.status === "queued") return "Waiting to start…";
  if (job.total === null) return `${transcriptCount(job.done)} ${words.went} so far`;
  return `${count(job.done)} of ${transcriptCount(job.total)} (${percentDone(job.done, job.total, 0)}%)`;
}

/** The redaction job's line under its progress bar, while it runs and when it ends. */
export function redactionProgressText(job: Pick<JobDto, "status" | "done" | "total" | "error">): string {
  return passProgressText(job, {
    succeeded: (transcripts) => `Done: ${transcripts} checked and redacted by the saved settings.`,
    stopped: "the redaction stopped",
    went: "checked",
  });
}

/** The person-keys job's line under its progress bar, while it runs and when it ends. */
export function personKeysProgressText(job: Pick<JobDto, "status" | "done" | "total" | "error">): string {
  return passProgressText(job, {
    succeeded: (transcripts) => `Done: ${transcripts} gone over; their people can be found for erasure.`,
    stopped: "the job stopped",
    went: "gone over",
  });
}

/** An erasure's line under its progress bar, while it goes on in the background and when it ends. */
export function erasureProgressText(job: Pick<JobDto, "status" | "done" | "total">): string {
  const total = job.total ?? job.done;
  if (job.status === "failed") return `The erasure stopped after ${count(job.done)} of ${transcriptCount(total)}: erase the rest again.`;
  if (job.status === "succeeded") return `Deleted ${transcriptCount(total)}`;
  return `Deleting… ${count(job.done)} of ${transcriptCount(total)} (${percentDone(job.done, total, 0)}%)`;
}

/** A job's progress bar percentage: full once the job succeeded, whatever the counts say. */
export function jobPercent(job: Pick<JobDto, "status" | "done" | "total">): number {
  if (job.status === "succeeded") return 100;
  return job.total === null ? 0 : percentDone(job.done, job.total, 0);
}
