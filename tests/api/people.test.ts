// GET /api/people lists everyone a transcript can be assigned to, for any approved user:
// approved users whose access is not revoked, by name, with no more than id, e-mail and name; a
// transcript can be assigned to each of them and to no one else. Runs on SQLite and PostgreSQL.
import * as peopleRoute from "@/app/api/people/route";
import * as reviewRoute from "@/app/api/transcript/[transcriptId]/review/route";
import { call } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";
import { storeTranscripts } from "./transcripts-test-data";

let viewer: { user: { id: string }; token: string };
let zoe: { id: string; email: string };
let bea: { id: string; email: string };
let pending: { id: string };
let revoked: { id: string };

beforeAll(async () => {
  viewer = await signedInUser({ name: "Mia" });
  zoe = await createUser({ name: "zoe" });
  bea = await createUser({ name: null, email: "bea@example.com" });
  pending = await createUser({ name: "Pending", approved: false });
  revoked = await createUser({ name: "Revoked", isActive: false });
  await storeTranscripts([{ id: "people-1", createdAt: "2025-04-01T10:00:00.000Z", turns: ["user: hi", "Hello"] }]);
});

describe("GET /api/people", () => {
  it("lists approved, active users by name (e-mail when unnamed), with id, e-mail and name only", async () => {
    const res = await call(peopleRoute.GET, "GET", "/api/people", { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: bea.id, email: "bea@example.com", name: null },
      { id: viewer.user.id, email: expect.any(String), name: "Mia" },
      { id: zoe.id, email: zoe.email, name: "zoe" },
    ]);
  });

  it("offers exactly the people a transcript can be assigned to", async () => {
    const assign = (assigneeId: string) =>
      call(reviewRoute.PATCH, "PATCH", "/api/transcript/people-1/review", {
        token: viewer.token,
        params: { transcriptId: "people-1" },
        body: { assigneeId },
      });
    expect((await assign(zoe.id)).status).toBe(200);
    expect((await assign(pending.id)).status).toBe(404);
    expect((await assign(revoked.id)).status).toBe(404);
  });
});
