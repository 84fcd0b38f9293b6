// Contracts of the profile and admin user endpoints.
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, emailSchema, newPasswordSchema } from "./auth";

export const NAME_MAX_LENGTH = 100;

/** Any text up to the maximum: a wrong current password is told by the server, not by the format. */
const currentPasswordSchema = z
  .string({ error: "Current password must be text" })
  .max(PASSWORD_MAX_LENGTH, "Your current password is incorrect");

/**
 * Only changed fields are sent; an empty name clears it. A new e-mail needs the
 * current password, which is sent only then.
 */
export const profileUpdateSchema = z
  .object({
    email: emailSchema.optional(),
    name: z
      .string({ error: "Name must be text" })
      .trim()
      .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
      .nullable()
      .optional()
      .transform((name) => (name === "" ? null : name)),
    currentPassword: currentPasswordSchema.optional(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordSchema.min(1, "Current password is required"),
    newPassword: newPasswordSchema,
  })
  .strict();
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** Route parameter of /api/admin/.../{id}. */
export const userIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid user id"),
});

export interface ProfileDto {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  /** A new address waiting for its confirmation link; `email` stays in use until then. */
  pendingEmail: string | null;
}

/** PATCH /api/user/profile: the profile as it now is, and a message when a new address awaits confirmation. */
export interface ProfileUpdateResponse extends ProfileDto {
  message?: string;
}

export interface AdminUserDto {
  id: string;
  email: string;
  name: string | null;
  approved: boolean;
  isAdmin: boolean;
  isActive: boolean;
  /** Whether the owner proved they read mail at `email`; administrators see unverified accounts marked. */
  emailVerified: boolean;
  createdAt: string;
}
