// Contracts of the profile and admin user endpoints (spec sections 3 and 7).
import { z } from "zod";
import { emailSchema } from "./auth";

export const NAME_MAX_LENGTH = 100;

/** Only changed fields are sent (spec section 5); an empty name clears it. */
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
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Route parameter of /api/admin/.../{id}. */
export const userIdParamsSchema = z.object({
  id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "Invalid user id"),
});

export interface ProfileDto {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
}

export interface AdminUserDto {
  id: string;
  email: string;
  name: string | null;
  approved: boolean;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
}
