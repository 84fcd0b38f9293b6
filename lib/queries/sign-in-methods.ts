// Profile › Sign-in methods: the providers the signed-in user has connected, connecting one (the
// portal remembers the intent, then the provider's sign-in runs) and disconnecting one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { SignInMethodsResponse } from "@/lib/schemas/sign-in-methods";
import { useSsoSignInMutation } from "./sso";

export const signInMethodsKeys = {
  all: ["/api/user/sign-in-methods"] as const,
};

const methodUrl = (providerId: string) => `${signInMethodsKeys.all[0]}/${encodeURIComponent(providerId)}`;

export function useSignInMethods() {
  return useQuery<SignInMethodsResponse>({ queryKey: signInMethodsKeys.all });
}

/** Connect: resolves to the provider's sign-in page, to go to; its callback comes back to /profile?connect=<outcome>. */
export function useConnectSignInMethod() {
  const signIn = useSsoSignInMutation();
  return useMutation({
    mutationFn: async (providerId: string) => {
      await apiRequest<{ ok: true }>("POST", methodUrl(providerId));
      return signIn.mutateAsync({ providerId, nextPath: "/profile" });
    },
  });
}

export function useDisconnectSignInMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) => apiRequest<SignInMethodsResponse>("DELETE", methodUrl(providerId)),
    onSuccess: (methods) => queryClient.setQueryData(signInMethodsKeys.all, methods),
  });
}
