// Contracts of single sign-on (next-auth's endpoints under /api/auth and the session handoff).
import { z } from "zod";

/** The path after /api/auth: an action and a provider id, e.g. callback/corp. */
export const ssoPathSchema = z.object({
  nextauth: z.array(z.string().max(64, "Unknown sign-in path")).min(1, "Unknown sign-in path").max(2, "Unknown sign-in path"),
});

/** What a provider sends back (code, state, iss, error...): short texts only. */
export const ssoQuerySchema = z.record(z.string().max(64, "Unexpected query parameter"), z.string().max(4096, "Query parameter too long"));

/** POST /api/auth/signin/<id>: the CSRF token of GET /api/auth/csrf, and the landing page to come back to. */
export const ssoSignInSchema = z
  .object({
    csrfToken: z.string({ error: "csrfToken is required" }).min(1, "csrfToken is required").max(200, "Invalid csrfToken"),
    callbackUrl: z.string().max(2048, "callbackUrl is too long").optional(),
  })
  .strict();
export type SsoSignInInput = z.infer<typeof ssoSignInSchema>;

export interface SsoCsrfResponse {
  csrfToken: string;
}

/** Where the browser goes next: the provider's authorization page, or /login with an error. */
export interface SsoSignInResponse {
  url: string;
}
