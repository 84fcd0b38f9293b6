import "server-only";
import { getPrivacySettings } from "../privacy/privacy-settings";
import { redactorFor } from "@/lib/privacy/redactor";

/** A list's filter as its query parameters carry it. */
export type AuditedFilter = Record<string, string | string[]>;

/**
 * A list filter as an audit entry keeps it: every text in it (the search text above all) redacted
 * by the privacy settings in force, as transcripts' texts are, so that the audit log holds no
 * personal data someone searched for. Every audit entry that records a filter or a search text
 * stores what this returns.
 */
export async function redactFilterForAudit(filter: AuditedFilter): Promise<AuditedFilter> {
  const redactor = redactorFor((await getPrivacySettings()).settings);
  const redact = (text: string) => redactor.redactText(text).text;
  return Object.fromEntries(
    Object.entries(filter).map(([name, value]) => [name, Array.isArray(value) ? value.map(redact) : redact(value)]),
  );
}
