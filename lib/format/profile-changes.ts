// Profile: only changed fields are sent; nothing changed means no call.
export interface ProfileFields {
  email: string;
  name: string | null;
}

export interface ProfileChanges {
  email?: string;
  name?: string;
}

/** The fields of the form that differ from the saved profile (e-mails compare case-insensitively, names trimmed). */
export function profileChanges(saved: ProfileFields, form: { email: string; name: string }): ProfileChanges {
  const changes: ProfileChanges = {};
  const email = form.email.trim();
  const name = form.name.trim();
  if (email.toLowerCase() !== saved.email.toLowerCase()) changes.email = email;
  if (name !== (saved.name ?? "").trim()) changes.name = name;
  return changes;
}

export function hasChanges(changes: ProfileChanges): boolean {
  return Object.keys(changes).length > 0;
}
