import * as feedbackRoute from "@/app/api/feedback/route";
import * as adminFeedbackRoute from "@/app/api/admin/feedback/route";
import * as deleteFeedbackRoute from "@/app/api/admin/feedback/[id]/route";
import * as reviewStatusRoute from "@/app/api/admin/feedback/[id]/review-status/route";
import * as deleteUserRoute from "@/app/api/admin/user/[id]/route";
import { db } from "@/lib/server/db";
import { FEEDBACK_MESSAGES } from "@/lib/server/feedback/submit-feedback";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { conversation, storeTranscripts } from "../helpers/stored-transcripts";

const submit = (token: string | undefined, body: unknown) => call(feedbackRoute.POST, "POST", "/api/feedback", { token, body });
const adminList = (token: string | undefined, query: Record<string, string> = {}) =>
  call(adminFeedbackRoute.GET, "GET", "/api/admin/feedback", { token, query });

let transcriptId: string;
beforeAll(async () => {
  [transcriptId] = await storeTranscripts(conversation());
});

describe("POST /api/feedback", () => {
  it("stores a rating with its user, and a second rating of the same message replaces the first", async () => {
    const { user, token } = await signedInUser();
    const first = await submit(token, { transcriptId, messageIndex: 1, feedbackType: "thumbs_up" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ transcriptId, messageIndex: 1, feedbackType: "thumbs_up", comment: null });

    const second = await submit(token, { transcriptId, messageIndex: 1, feedbackType: "thumbs_down", comment: "  Wrong menu name.  " });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const rows = await db.feedback.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ feedbackType: "thumbs_down", comment: "Wrong menu name.", reviewStatus: "pending" });

    const mine = await call(feedbackRoute.GET, "GET", "/api/feedback", { token, query: { transcriptId } });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([expect.objectContaining({ messageIndex: 1, feedbackType: "thumbs_down", comment: "Wrong menu name." })]);
  });

  it("keeps each user's rating separate and shows a user only their own", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    await submit(alice.token, { transcriptId, messageIndex: 3, feedbackType: "thumbs_up" });
    await submit(bob.token, { transcriptId, messageIndex: 3, feedbackType: "thumbs_down" });
    const mine = await call(feedbackRoute.GET, "GET", "/api/feedback", { token: alice.token, query: { transcriptId } });
    expect(mine.body.map((f: { feedbackType: string }) => f.feedbackType)).toEqual(["thumbs_up"]);
  });

  it.each([
    ["a user turn", { messageIndex: 0, feedbackType: "thumbs_up" }, 400, FEEDBACK_MESSAGES.notBotMessage],
    ["an index past the last turn", { messageIndex: 4, feedbackType: "thumbs_up" }, 400, FEEDBACK_MESSAGES.noSuchMessage],
    ["a negative index", { messageIndex: -1, feedbackType: "thumbs_up" }, 400, undefined],
    ["a fractional index", { messageIndex: 1.5, feedbackType: "thumbs_up" }, 400, undefined],
    ["an index given as text", { messageIndex: "1", feedbackType: "thumbs_up" }, 400, undefined],
    ["an unknown type", { messageIndex: 1, feedbackType: "meh" }, 400, undefined],
    [
      "a comment over 1000 characters",
      { messageIndex: 1, feedbackType: "thumbs_down", comment: "x".repeat(1001) },
      400,
      "comment: comment must be at most 1000 characters",
    ],
    ["an unknown field", { messageIndex: 1, feedbackType: "thumbs_up", userId: "someone-else" }, 400, undefined],
  ])("refuses %s", async (_case, fields, status, message) => {
    const { user, token } = await signedInUser();
    const res = await submit(token, { transcriptId, ...fields });
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect(await db.feedback.count({ where: { userId: user.id } })).toBe(0);
  });

  it("accepts exactly 1000 characters after trimming, and a blank comment as none", async () => {
    const { token } = await signedInUser();
    const full = await submit(token, { transcriptId, messageIndex: 1, feedbackType: "thumbs_down", comment: ` ${"y".repeat(1000)} ` });
    expect(full.status).toBe(201);
    expect(full.body.comment).toHaveLength(1000);
    const blank = await submit(token, { transcriptId, messageIndex: 3, feedbackType: "thumbs_down", comment: "   " });
    expect(blank.body.comment).toBeNull();
  });

  it("answers 404 for an unknown transcript and 401 without a session", async () => {
    const { token } = await signedInUser();
    const unknown = await submit(token, { transcriptId: "no-such-transcript", messageIndex: 1, feedbackType: "thumbs_up" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Transcript not found");
    expect((await submit(undefined, { transcriptId, messageIndex: 1, feedbackType: "thumbs_up" })).status).toBe(401);
    expect((await call(feedbackRoute.GET, "GET", "/api/feedback", { query: { transcriptId } })).status).toBe(401);
  });

  it("stores each of many concurrent ratings exactly once", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signedInUser()));
    const results = await Promise.all(
      users.flatMap(({ token }) =>
        [1, 3].flatMap((messageIndex) =>
          ["thumbs_up", "thumbs_down", "thumbs_up"].map((feedbackType) => submit(token, { transcriptId, messageIndex, feedbackType })),
        ),
      ),
    );
    expect(results.map((res) => res.status).filter((status) => status !== 201)).toEqual([]);
    const stored = await db.feedback.count({ where: { userId: { in: users.map(({ user }) => user.id) } } });
    expect(stored).toBe(users.length * 2);
  });
});

describe("Feedback Management API", () => {
  async function seedFeedback() {
    const [otherTranscript] = await storeTranscripts(conversation());
    const admin = await signedInUser({ isAdmin: true });
    const rater = await signedInUser({ name: "Rita Rater" });
    const rated = [
      await submit(rater.token, { transcriptId: otherTranscript, messageIndex: 1, feedbackType: "thumbs_up" }),
      await submit(rater.token, {
        transcriptId: otherTranscript,
        messageIndex: 3,
        feedbackType: "thumbs_down",
        comment: "Missing the link",
      }),
      await submit(admin.token, { transcriptId: otherTranscript, messageIndex: 1, feedbackType: "thumbs_down" }),
    ];
    return { admin, rater, ids: rated.map((res) => res.body.id as string) };
  }

  it("lists feedback newest first with users, filters it, and counts everything", async () => {
    await db.feedback.deleteMany();
    const { admin, ids } = await seedFeedback();
    await call(reviewStatusRoute.PATCH, "PATCH", "/x", { token: admin.token, params: { id: ids[0] }, body: { reviewStatus: "reviewed" } });

    const all = await adminList(admin.token);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.counts).toEqual({ total: 3, thumbsUp: 1, thumbsDown: 2, pending: 2, reviewed: 1 });
    expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([...ids].reverse());
    expect(all.body.items[1]).toMatchObject({
      user: { name: "Rita Rater" },
      messageIndex: 3,
      feedbackType: "thumbs_down",
      comment: "Missing the link",
      reviewStatus: "pending",
    });

    const expectations: [string, string[]][] = [
      ["pending", [ids[2], ids[1]]],
      ["reviewed", [ids[0]]],
      ["not_helpful", [ids[2], ids[1]]],
      ["with_comments", [ids[1]]],
    ];
    for (const [filter, expected] of expectations) {
      const res = await adminList(admin.token, { filter });
      expect({ filter, ids: res.body.items.map((item: { id: string }) => item.id) }).toEqual({ filter, ids: expected });
      expect(res.body.counts.total).toBe(3);
    }

    const paged = await adminList(admin.token, { limit: "2", page: "2" });
    expect(paged.body).toMatchObject({ total: 3, totalPages: 2 });
    expect(paged.body.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
  });

  it("lists one transcript's feedback, with any filter, and still counts everything", async () => {
    await db.feedback.deleteMany();
    const { admin, rater } = await seedFeedback();
    const [rated] = await storeTranscripts(conversation());
    const own = await submit(rater.token, {
      transcriptId: rated,
      messageIndex: 3,
      feedbackType: "thumbs_down",
      comment: "Wrong store hours",
    });
    const byAdmin = await submit(admin.token, { transcriptId: rated, messageIndex: 1, feedbackType: "thumbs_up" });

    const res = await adminList(admin.token, { transcriptId: ` ${rated} `, limit: "500" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, totalPages: 1, counts: { total: 5 } });
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([byAdmin.body.id, own.body.id]);
    expect(res.body.items[1]).toMatchObject({
      transcriptId: rated,
      messageIndex: 3,
      comment: "Wrong store hours",
      user: { name: "Rita Rater" },
    });
    const notHelpful = await adminList(admin.token, { transcriptId: rated, filter: "not_helpful" });
    expect(notHelpful.body.items.map((item: { id: string }) => item.id)).toEqual([own.body.id]);
    expect((await adminList(admin.token, { transcriptId: "no-such-transcript" })).body).toMatchObject({
      items: [],
      total: 0,
      totalPages: 0,
    });

    const blank = await adminList(admin.token, { transcriptId: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("transcriptId: transcriptId must not be empty");
    expect((await adminList(admin.token, { transcriptId: "x".repeat(201) })).status).toBe(400);
    expect((await adminList(rater.token, { transcriptId: rated })).status).toBe(403);
  });

  it("changes review status both ways, deletes, and records both in the audit log", async () => {
    const { admin, ids } = await seedFeedback();
    const reviewed = await call(reviewStatusRoute.PATCH, "PATCH", "/x", {
      token: admin.token,
      params: { id: ids[1] },
      body: { reviewStatus: "reviewed" },
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ id: ids[1], reviewStatus: "reviewed" });
    const back = await call(reviewStatusRoute.PATCH, "PATCH", "/x", {
      token: admin.token,
      params: { id: ids[1] },
      body: { reviewStatus: "pending" },
    });
    expect(back.body.reviewStatus).toBe("pending");

    const deleted = await call(deleteFeedbackRoute.DELETE, "DELETE", "/x", { token: admin.token, params: { id: ids[1] } });
    expect(deleted.status).toBe(200);
    expect(await db.feedback.findUnique({ where: { id: ids[1] } })).toBeNull();
    expect((await call(deleteFeedbackRoute.DELETE, "DELETE", "/x", { token: admin.token, params: { id: ids[1] } })).status).toBe(404);

    const events = await db.auditEvent.findMany({ where: { targetId: ids[1] }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(events.map((event) => [event.action, event.actorEmail, event.details])).toEqual([
      ["feedback.review_status", admin.user.email, '{"reviewStatus":"reviewed"}'],
      ["feedback.review_status", admin.user.email, '{"reviewStatus":"pending"}'],
      ["feedback.delete", admin.user.email, null],
    ]);
  });

  it("gives concurrent deletes of one item one 200 and 404s, and one audit record", async () => {
    const { admin, ids } = await seedFeedback();
    const deleteItem = (id: string) => call(deleteFeedbackRoute.DELETE, "DELETE", "/x", { token: admin.token, params: { id } });
    const results = await Promise.all(ids.map((id) => Promise.all(Array.from({ length: 4 }, () => deleteItem(id)))));
    for (const [index, id] of ids.entries()) {
      expect(results[index].map((res) => res.status).sort()).toEqual([200, 404, 404, 404]);
      expect(results[index].filter((res) => res.status === 404).map((res) => res.body.message)).toEqual(
        Array(3).fill("Feedback not found"),
      );
      expect(await db.auditEvent.count({ where: { targetId: id, action: "feedback.delete" } })).toBe(1);
    }
  });

  it("answers review status changes racing a delete with 200 or 404, never a failure, and audits only what happened", async () => {
    const { admin, ids } = await seedFeedback();
    const results = await Promise.all(
      ids.map((id) =>
        Promise.all([
          call(reviewStatusRoute.PATCH, "PATCH", "/x", { token: admin.token, params: { id }, body: { reviewStatus: "reviewed" } }),
          call(deleteFeedbackRoute.DELETE, "DELETE", "/x", { token: admin.token, params: { id } }),
          call(reviewStatusRoute.PATCH, "PATCH", "/x", { token: admin.token, params: { id }, body: { reviewStatus: "pending" } }),
        ]),
      ),
    );
    for (const [index, id] of ids.entries()) {
      const [reviewed, deleted, pending] = results[index];
      expect(deleted.status).toBe(200);
      const outcomes = [reviewed, pending].map((res) => (res.status === 200 ? "changed" : `${res.status} ${res.body.message}`));
      for (const outcome of outcomes) expect(["changed", "404 Feedback not found"]).toContain(outcome);
      const audited = await db.auditEvent.count({ where: { targetId: id, action: "feedback.review_status" } });
      expect(audited).toBe(outcomes.filter((outcome) => outcome === "changed").length);
    }
  });

  it("keeps feedback of a deleted user, with no user", async () => {
    const { admin, rater, ids } = await seedFeedback();
    await call(deleteUserRoute.DELETE, "DELETE", "/x", { token: admin.token, params: { id: rater.user.id } });
    const all = await adminList(admin.token, { limit: "500" });
    expect(all.body.items.find((item: { id: string }) => item.id === ids[1])).toMatchObject({ user: null, comment: "Missing the link" });
  });

  it.each([
    ["an unknown filter", { filter: "everything" }],
    ["a page of 0", { page: "0" }],
    ["a limit over 500", { limit: "501" }],
    ["a limit that is not a number", { limit: "ten" }],
  ])("refuses %s", async (_case, query) => {
    const { token } = await signedInUser({ isAdmin: true });
    const res = await adminList(token, query);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });

  it("refuses bad review statuses, unknown ids, and non-administrators", async () => {
    const { admin, rater, ids } = await seedFeedback();
    const bad = await call(reviewStatusRoute.PATCH, "PATCH", "/x", {
      token: admin.token,
      params: { id: ids[0] },
      body: { reviewStatus: "done" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("reviewStatus: reviewStatus must be pending or reviewed");
    expect(
      (
        await call(reviewStatusRoute.PATCH, "PATCH", "/x", {
          token: admin.token,
          params: { id: "cnope" },
          body: { reviewStatus: "reviewed" },
        })
      ).status,
    ).toBe(404);
    expect((await call(reviewStatusRoute.PATCH, "PATCH", "/x", { token: admin.token, params: { id: ids[0] } })).status).toBe(400);

    expect((await adminList(rater.token)).status).toBe(403);
    expect((await adminList(undefined)).status).toBe(401);
    expect((await call(deleteFeedbackRoute.DELETE, "DELETE", "/x", { token: rater.token, params: { id: ids[0] } })).status).toBe(403);
    expect(
      (
        await call(reviewStatusRoute.PATCH, "PATCH", "/x", {
          token: rater.token,
          params: { id: ids[0] },
          body: { reviewStatus: "reviewed" },
        })
      ).status,
    ).toBe(403);
    expect(await db.feedback.findUniqueOrThrow({ where: { id: ids[0] } })).toMatchObject({ reviewStatus: "pending" });
  });
});
