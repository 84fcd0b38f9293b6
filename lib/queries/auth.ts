// Account calls of the sign-in, registration and password reset screens.
// Failures carry the server's message field, else the fallback of the specification.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { errorMessage } from "@/lib/client/api-error";
import type {
  LoginInput,
  LoginResponse,
  MessageResponse,
  RegisterInput,
  RequestResetInput,
  RequestResetResponse,
  ResetPasswordInput,
} from "@/lib/schemas/auth";

export const AUTH_URLS = {
  login: "/api/auth/login",
  register: "/api/auth/register",
  requestReset: "/api/auth/request-reset",
  resetPassword: "/api/auth/reset-password",
} as const;

export const AUTH_FALLBACKS = {
  login: "Login failed",
  register: "Registration failed",
  requestReset: "Failed to request password reset",
  resetPassword: "Failed to reset password",
} as const;

async function post<T>(url: string, body: unknown, fallback: string): Promise<T> {
  try {
    return await apiRequest<T>("POST", url, body);
  } catch (error) {
    throw new Error(errorMessage(error, fallback));
  }
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: LoginInput) => post<LoginResponse>(AUTH_URLS.login, input, AUTH_FALLBACKS.login),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (input: RegisterInput) => post<MessageResponse>(AUTH_URLS.register, input, AUTH_FALLBACKS.register),
  });
}

export function useRequestResetMutation() {
  return useMutation({
    mutationFn: (input: RequestResetInput) => post<RequestResetResponse>(AUTH_URLS.requestReset, input, AUTH_FALLBACKS.requestReset),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => post<MessageResponse>(AUTH_URLS.resetPassword, input, AUTH_FALLBACKS.resetPassword),
  });
}
