// Header: initials from the e-mail's local part, split on dots, at most 2, 'U' without an e-mail.
export const MAX_INITIALS = 2;

export function initialsFromEmail(email: string | null | undefined): string {
  const localPart = email?.split("@")[0]?.trim() ?? "";
  if (!localPart) return "U";
  const letters = localPart
    .split(".")
    .filter((part) => part.length > 0)
    .map((part) => part[0])
    .join("")
    .toUpperCase()
    .slice(0, MAX_INITIALS);
  return letters || "U";
}
