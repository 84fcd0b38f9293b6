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
  "user.sso_connect": "Connected sign-in provider",
  "user.sso_disconnect": "Disconnected sign-in provider",
  "feedback.delete": "Deleted feedback",
  "feedback.review_status": "Changed review status",
  "ingest_key.create": "Created ingest key",
  "ingest_key.revoke": "Revoked ingest key",
  "source.create": "Added source",
  "source.update": "Changed source",
  "source.delete": "Deleted source",
  "source.sync": "Started source sync",
  "transcript.review_status": "Changed transcript review status",
  "transcript.assign": "Assigned transcript",
  "transcript.tag_add": "Tagged transcript",
  "transcript.tag_remove": "Removed tag from transcript",
  "transcript.note_create": "Added note",
  "transcript.note_update": "Edited note",
  "transcript.note_delete": "Deleted note",
  "transcripts.bulk": "Bulk action on transcripts",
  "transcripts.export": "Exported transcripts with conversations",
  "tag.create": "Created tag",
  "tag.update": "Changed tag",
  "tag.delete": "Deleted tag",
  "insight_settings.update": "Changed insight settings",
  "insight_settings.recompute": "Started signal recompute",
  "privacy_settings.update": "Changed privacy settings",
  "privacy_settings.apply": "Started redaction of stored transcripts",
  "privacy_settings.person_keys": "Started keeping person keys of stored transcripts",
  "transcripts.erase": "Erased transcripts",
  "transcripts.retention": "Deleted transcripts past retention",
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
