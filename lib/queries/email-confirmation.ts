// The confirmation link of a registration or of a new e-mail address (app/(public)/confirm-email).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { errorMessage } from "@/lib/client/api-error";
import type { ConfirmEmailInput, MessageResponse } from "@/lib/schemas/auth";

const CONFIRM_EMAIL_URL = "/api/auth/confirm-email";

export function useConfirmEmailMutation() {
  return useMutation({
    mutationFn: async (input: ConfirmEmailInput) => {
      try {
        return await apiRequest<MessageResponse>("POST", CONFIRM_EMAIL_URL, input);
      } catch (error) {
        throw new Error(errorMessage(error, "Failed to confirm the email address"));
      }
    },
  });
}
