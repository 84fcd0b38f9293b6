// Real OpenID Connect providers (the oidc-provider package, with its built-in sign-in and consent
// pages) for the single sign-on tests. A child process, because the package is published as ES
// modules only; tests/helpers/oidc-provider.ts starts it with the providers as JSON in
// OIDC_TEST_PROVIDERS and reads "ready" from its output once every one listens on its port.
//
// Each provider has a behaviour:
//   honest          an ordinary provider;
//   tampered-token  its token endpoint's answer carries the ID token with a changed e-mail claim,
//                   as an attacker between portal and provider would send it (the signature no
//                   longer matches);
//   lying-discovery its discovery document names another issuer than the one it signs tokens as.
// A provider's `issuer` may differ from the address it is served at (a provider that is not the
// one configured).
import { generateKeyPairSync, randomBytes } from "node:crypto";
import Provider from "oidc-provider";

const specs = JSON.parse(process.env.OIDC_TEST_PROVIDERS ?? "[]");

/** The ID token with its e-mail claim rewritten and the original signature kept. */
function tamper(idToken) {
  const [header, payload, signature] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  claims.email = "mallory@auto.example";
  return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
}

function start(spec) {
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const provider = new Provider(spec.issuer, {
    clients: [
      {
        client_id: spec.clientId,
        client_secret: spec.clientSecret,
        redirect_uris: spec.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: `${spec.name}-key`, use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The scope's claims go into the ID token, as the providers the portal supports put them there.
    conformIdTokenClaims: false,
    pkce: { methods: ["S256"], required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = spec.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
  });
  if (spec.behaviour === "tampered-token") {
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path === "/token" && ctx.body && typeof ctx.body.id_token === "string")
        ctx.body = { ...ctx.body, id_token: tamper(ctx.body.id_token) };
    });
  }
  if (spec.behaviour === "lying-discovery") {
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path === "/.well-known/openid-configuration" && ctx.body) ctx.body = { ...ctx.body, issuer: spec.claimedIssuer };
    });
  }
  return new Promise((resolve, reject) => {
    const server = provider.listen(spec.port, "127.0.0.1", () => resolve(server));
    server.once("error", reject);
  });
}

await Promise.all(specs.map(start));
process.stdout.write("ready\n");
