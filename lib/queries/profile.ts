// The signed-in user's profile, password and sessions.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { z } from "zod";
import type { MessageResponse } from "@/lib/schemas/auth";
import type { PasswordChangeInput, ProfileDto, ProfileUpdateResponse, profileUpdateSchema } from "@/lib/schemas/users";

/** What the client sends: the schema's input side (the server trims and normalises). */
export type ProfileUpdateRequest = z.input<typeof profileUpdateSchema>;

export const profileKeys = {
  profile: ["/api/user/profile"] as const,
};

const PASSWORD_URL = "/api/user/password";
const SESSIONS_URL = "/api/user/sessions";

export function useProfile() {
  return useQuery<ProfileDto>({ queryKey: profileKeys.profile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateRequest) => apiRequest<ProfileUpdateResponse>("PATCH", profileKeys.profile[0], changes),
    onSuccess: ({ id, email, name, createdAt, pendingEmail }) =>
      queryClient.setQueryData<ProfileDto>(profileKeys.profile, { id, email, name, createdAt, pendingEmail }),
  });
}

/** Sets a new password; every other device is signed out, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiRequest<MessageResponse>("POST", PASSWORD_URL, input),
  });
}

/** Ends every session of the user, this one included; the caller then signs out locally. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>("DELETE", SESSIONS_URL),
  });
}
