// Credentials of every kind of caller the authorization tests try: none, garbage, forged and
// expired tokens, tokens of pending, revoked and deleted users, a regular user, an administrator,
// and valid and revoked ingest keys.
import { encode } from "next-auth/jwt";
import { issueSessionToken } from "@/lib/server/auth/session";
import { getAuthSecret } from "@/lib/auth/session-config";
import { createIngestKey, revokeIngestKey } from "@/lib/server/ingest/ingest-keys";
import { db } from "@/lib/server/db";
import { createUser, signedInUser } from "./users";

export const SESSION_CALLERS = ["anonymous", "garbage", "forged", "expired", "pending", "revoked", "deleted", "user", "admin"] as const;
export const CALLERS = [...SESSION_CALLERS, "ingest key", "revoked ingest key"] as const;
export type Caller = (typeof CALLERS)[number];

export async function credentialFor(caller: Caller): Promise<string | undefined> {
  switch (caller) {
    case "anonymous":
      return undefined;
    case "garbage":
      return "not-a-token";
    case "forged":
      return encode({
        token: { sub: (await createUser({ isAdmin: true })).id, sid: "forged", adm: true },
        secret: "another secret",
        maxAge: 3600,
      });
    case "expired":
      return encode({
        token: { sub: (await createUser({ isAdmin: true })).id, sid: "expired", adm: true },
        secret: getAuthSecret(),
        maxAge: -3600,
      });
    case "pending":
      // Pending users cannot sign in; a token minted for one must still be refused.
      return issueSessionToken(await createUser({ approved: false }));
    case "revoked": {
      const { user, token } = await signedInUser({ isAdmin: true });
      await db.user.update({ where: { id: user.id }, data: { isActive: false } });
      return token;
    }
    case "deleted": {
      const { user, token } = await signedInUser();
      await db.user.delete({ where: { id: user.id } });
      return token;
    }
    case "user":
      return (await signedInUser()).token;
    case "admin":
      return (await signedInUser({ isAdmin: true })).token;
    case "ingest key":
    case "revoked ingest key": {
      const admin = await createUser({ isAdmin: true });
      const created = await createIngestKey({ name: `test ${caller}`, actor: admin });
      if (caller === "revoked ingest key") await revokeIngestKey({ keyId: created.id, actor: admin });
      return created.key;
    }
  }
}
