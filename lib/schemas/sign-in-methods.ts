// Contracts of Profile › Sign-in methods: the providers the signed-in user can connect and disconnect.
import { z } from "zod";

/** Route parameter of /api/user/sign-in-methods/{providerId}: an id of SSO_PROVIDERS. */
export const signInMethodParamsSchema = z.object({
  providerId: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "Unknown sign-in provider"),
});

export interface SignInMethodProvider {
  id: string;
  name: string;
  isConnected: boolean;
}

/** GET /api/user/sign-in-methods */
export interface SignInMethodsResponse {
  /** The account has a password and password sign-in is on. */
  hasPassword: boolean;
  providers: SignInMethodProvider[];
}
