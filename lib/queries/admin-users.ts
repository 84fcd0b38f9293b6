// Administrator user lists and actions. The pending list also drives
// the header badge; every action refreshes both lists.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { AdminUserDto } from "@/lib/schemas/users";
import type { AdminUserAction } from "@/lib/format/user-actions";

export const adminUserKeys = {
  pending: ["/api/admin/pending-users"] as const,
  all: ["/api/admin/users"] as const,
};

/** Pending users; only administrators may ask, so callers pass whether the viewer is one. */
export function usePendingUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<AdminUserDto[]>({ queryKey: adminUserKeys.pending, enabled });
}

export function useAllUsers() {
  return useQuery<AdminUserDto[]>({ queryKey: adminUserKeys.all });
}

export type { AdminUserAction };

const ACTION_REQUESTS: Record<AdminUserAction, (id: string) => { method: string; url: string }> = {
  approve: (id) => ({ method: "POST", url: `/api/admin/approve-user/${encodeURIComponent(id)}` }),
  makeAdmin: (id) => ({ method: "POST", url: `/api/admin/make-admin/${encodeURIComponent(id)}` }),
  revoke: (id) => ({ method: "POST", url: `/api/admin/revoke-access/${encodeURIComponent(id)}` }),
  restore: (id) => ({ method: "POST", url: `/api/admin/restore-access/${encodeURIComponent(id)}` }),
  // Deny is a delete of the pending account.
  deny: (id) => ({ method: "DELETE", url: `/api/admin/user/${encodeURIComponent(id)}` }),
  delete: (id) => ({ method: "DELETE", url: `/api/admin/user/${encodeURIComponent(id)}` }),
};

export interface AdminUserActionInput {
  action: AdminUserAction;
  userId: string;
}

/** One mutation for every action, so "an action is in flight" is a single flag. */
export function useAdminUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: AdminUserActionInput) => {
      const { method, url } = ACTION_REQUESTS[action](userId);
      return apiRequest<unknown>(method, url);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.pending }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
      ]),
  });
}
