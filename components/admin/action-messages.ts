// The toasts of each administrator action.
import type { AdminUserAction } from "@/lib/format/user-actions";

interface ActionText {
  label: string;
  success: { title: string; description?: string };
  failure: string;
}

const USER_DELETED = { title: "User deleted", description: "The user has been removed from the system" };

export const ACTION_TEXT: Record<AdminUserAction, ActionText> = {
  approve: {
    label: "Approve",
    success: { title: "User approved", description: "The user can now log in to the portal" },
    failure: "Approval failed",
  },
  deny: { label: "Deny", success: USER_DELETED, failure: "Delete failed" },
  makeAdmin: {
    label: "Make Admin",
    success: { title: "User promoted to admin", description: "The user now has admin privileges" },
    failure: "Promotion failed",
  },
  revoke: {
    label: "Revoke Access",
    success: { title: "Access revoked", description: "The user can no longer log in to the portal" },
    failure: "Revoke failed",
  },
  restore: { label: "Restore Access", success: { title: "Access restored" }, failure: "Restore failed" },
  delete: { label: "Delete", success: USER_DELETED, failure: "Delete failed" },
};
