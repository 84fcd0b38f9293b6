import "server-only";
import type { AdminUserDto, ProfileDto } from "@/lib/schemas/users";

type UserRow = {
  id: string;
  email: string;
  name: string | null;
  approved: boolean;
  isAdmin: boolean;
  isActive: boolean;
  emailVerifiedAt: Date | null;
  createdAt: Date;
};

/** The only shapes in which users leave the server: never the password hash. */
export const adminUserSelect = {
  id: true,
  email: true,
  name: true,
  approved: true,
  isAdmin: true,
  isActive: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const;

export function toAdminUserDto(user: UserRow): AdminUserDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    approved: user.approved,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toProfileDto(user: Pick<UserRow, "id" | "email" | "name" | "createdAt">, pendingEmail: string | null): ProfileDto {
  return { id: user.id, email: user.email, name: user.name, createdAt: user.createdAt.toISOString(), pendingEmail };
}
