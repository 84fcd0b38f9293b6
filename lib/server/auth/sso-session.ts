import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "../http/app-error";
import { readSessionToken, type SessionUser } from "./session";
import type { LoginResponse } from "@/lib/schemas/auth";

/**
 * The session a signed-in request carries, as POST /api/auth/login answers it: after single sign-on
 * the session exists only as the httpOnly cookie, and the client keeps its token and user as after a
 * password sign-in. Nothing a signed-in client could not already read.
 */
export function sessionHandoff(req: NextRequest, user: SessionUser): LoginResponse {
  const { token } = readSessionToken(req);
  if (!token) throw new AppError("UNAUTHORIZED", "Authentication required");
  return { token, user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
}
