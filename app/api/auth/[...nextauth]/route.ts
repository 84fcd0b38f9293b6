// GET|POST /api/auth/* — public: single sign-on through next-auth with the OpenID Connect providers
// of SSO_PROVIDERS (lib/server/auth/sso-handler.ts). GET csrf -> {csrfToken}; POST signin/<id>
// {csrfToken, callbackUrl} -> {url} of the provider's sign-in page; GET callback/<id> is where the
// provider sends the browser back, and ends at /login/sso or /login?error=<code>. Every other path
// answers 404, and all of them do while no provider is configured. The static routes beside this
// folder (login, logout, register, ...) take precedence over it.
import { route } from "@/lib/server/http/route";
import { handleSsoRequest } from "@/lib/server/auth/sso-handler";
import { ssoPathSchema, ssoQuerySchema, ssoSignInSchema } from "@/lib/schemas/sso";

export const GET = route({ access: "public", params: ssoPathSchema, query: ssoQuerySchema }, ({ req, params }) =>
  handleSsoRequest({ req, segments: params.nextauth }),
);

export const POST = route({ access: "public", params: ssoPathSchema, body: ssoSignInSchema }, ({ req, params, body }) =>
  handleSsoRequest({ req, segments: params.nextauth, body }),
);
