// The signed-in user's profile (spec sections 2, 5 and 7).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { z } from "zod";
import type { ProfileDto, profileUpdateSchema } from "@/lib/schemas/users";

/** What the client sends: the schema's input side (the server trims and normalises). */
export type ProfileUpdateRequest = z.input<typeof profileUpdateSchema>;

export const profileKeys = {
  profile: ["/api/user/profile"] as const,
};

export function useProfile() {
  return useQuery<ProfileDto>({ queryKey: profileKeys.profile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateRequest) => apiRequest<ProfileDto>("PATCH", profileKeys.profile[0], changes),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.profile, profile),
  });
}
