// Contracts of the account endpoints, shared by the route handlers and the forms.
import { z } from "zod";

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;
const EMAIL_MAX_LENGTH = 254;

/** Emails are compared and stored trimmed and lower-case. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(EMAIL_MAX_LENGTH, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginSchema = z.object({
  // Not format-checked: any typo must get the same answer as a wrong password.
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .max(EMAIL_MAX_LENGTH, "Email is too long"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type RegisterInput = z.infer<typeof registerSchema>;

export const requestResetSchema = z.object({ email: emailSchema });
export type RequestResetInput = z.infer<typeof requestResetSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: "Reset token is required" }).trim().min(1, "Reset token is required").max(200, "Invalid reset token"),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The token of an e-mail confirmation link (a registration's address, or a new address for an account). */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: "Confirmation token is required" })
    .trim()
    .min(1, "Confirmation token is required")
    .max(200, "Invalid confirmation token"),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

/** The user as login returns it and the client keeps it. */
export interface SessionUserDto {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

export interface LoginResponse {
  token: string;
  user: SessionUserDto;
}

export interface MessageResponse {
  message: string;
}

export interface RequestResetResponse extends MessageResponse {
  /** Present only in demo mode. */
  token?: string;
}
