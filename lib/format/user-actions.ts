// Admin panel: the actions per user and the user transitions.
export type AdminUserAction = "approve" | "deny" | "makeAdmin" | "revoke" | "restore" | "delete";

export interface UserStatus {
  approved: boolean;
  isAdmin: boolean;
  isActive: boolean;
}

/** The actions offered for a user, in display order. */
export function availableUserActions(user: UserStatus): AdminUserAction[] {
  const actions: AdminUserAction[] = [];
  if (!user.approved) actions.push("approve", "deny");
  if (user.approved && !user.isAdmin) actions.push("makeAdmin");
  if (user.approved && user.isActive) actions.push("revoke");
  if (!user.isActive) actions.push("restore");
  if (!user.isAdmin) actions.push("delete");
  return actions;
}

export type UserBadge = "Admin" | "Approved" | "Pending" | "Revoked";

/** Badges of a user card: Admin, Approved or Pending, and Revoked when not active. */
export function userBadges(user: UserStatus): UserBadge[] {
  const badges: UserBadge[] = [];
  if (user.isAdmin) badges.push("Admin");
  badges.push(user.approved ? "Approved" : "Pending");
  if (!user.isActive) badges.push("Revoked");
  return badges;
}
