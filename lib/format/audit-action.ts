// How the audit log names each recorded administrator action.
const ACTION_LABELS: Record<string, string> = {
  "user.approve": "Approved user",
  "user.deny": "Denied registration",
  "user.make_admin": "Made administrator",
  "user.revoke": "Revoked access",
  "user.restore": "Restored access",
  "user.delete": "Deleted user",
  "user.sso_create": "Created account by single sign-on",
  "user.sso_link": "Linked single sign-on to account",
  "feedback.delete": "Deleted feedback",
  "feedback.review_status": "Changed review status",
  "ingest_key.create": "Created ingest key",
  "ingest_key.revoke": "Revoked ingest key",
  "source.create": "Added source",
  "source.update": "Changed source",
  "source.delete": "Deleted source",
  "source.sync": "Started source sync",
};

/** A readable label for an action code; an unknown code is shown as it is. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** The change an event carries, e.g. 'reviewStatus: reviewed'; empty when there is none. */
export function auditDetailsText(details: Record<string, unknown> | null): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}
