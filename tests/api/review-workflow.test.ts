// The review of single transcripts: status, assignee and tags through PATCH .../review,
// notes, the tags themselves, saved views, the detail's `review`, and the audit entries of each
// change. Runs on SQLite and PostgreSQL.
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import * as reviewRoute from "@/app/api/transcript/[transcriptId]/review/route";
import * as notesRoute from "@/app/api/transcript/[transcriptId]/notes/route";
import * as noteRoute from "@/app/api/transcript/[transcriptId]/notes/[noteId]/route";
import * as tagsRoute from "@/app/api/tags/route";
import * as tagRoute from "@/app/api/tags/[id]/route";
import * as viewsRoute from "@/app/api/views/route";
import * as viewRoute from "@/app/api/views/[id]/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as deleteUserRoute from "@/app/api/admin/user/[id]/route";
import { db } from "@/lib/server/db";
import { DELETED_USER_NAME, NOTE_MAX_LENGTH } from "@/lib/schemas/review";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { conversation, storeTranscripts } from "../helpers/stored-transcripts";

const RANGE = { startTime: "2025-03-01T00:00:00.000Z", endTime: "2025-03-31T23:59:59.999Z" };

let transcriptId: string;
let user: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

const patch = (token: string, body: unknown, id = transcriptId) =>
  call(reviewRoute.PATCH, "PATCH", `/api/transcript/${id}/review`, { token, body, params: { transcriptId: id } });
const detail = (token: string, id = transcriptId) =>
  call(detailRoute.GET, "GET", `/api/transcript/${id}`, { token, params: { transcriptId: id } });
const addNote = (token: string, body: unknown, id = transcriptId) =>
  call(notesRoute.POST, "POST", `/api/transcript/${id}/notes`, { token, body, params: { transcriptId: id } });
const editNote = (token: string, noteId: string, body: unknown, id = transcriptId) =>
  call(noteRoute.PATCH, "PATCH", `/api/transcript/${id}/notes/${noteId}`, { token, body, params: { transcriptId: id, noteId } });
const removeNote = (token: string, noteId: string, id = transcriptId) =>
  call(noteRoute.DELETE, "DELETE", `/api/transcript/${id}/notes/${noteId}`, { token, params: { transcriptId: id, noteId } });
const createTag = (token: string, body: unknown) => call(tagsRoute.POST, "POST", "/api/tags", { token, body });
const auditOf = (action: string) => db.auditEvent.findMany({ where: { action }, orderBy: { createdAt: "asc" } });

beforeAll(async () => {
  [transcriptId] = await storeTranscripts(conversation());
  user = await signedInUser({ name: "Uma" });
  admin = await signedInUser({ isAdmin: true, name: "Ada" });
});

describe("tags", () => {
  it("lets administrators create, rename, recolour and delete tags, and every approved user list them", async () => {
    const created = await createTag(admin.token, { name: " Wrong answer ", color: "#FF0000" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: "Wrong answer", color: "#ff0000" });
    const listed = await call(tagsRoute.GET, "GET", "/api/tags", { token: user.token });
    expect(listed.body).toContainEqual(created.body);

    const params = { id: created.body.id };
    const renamed = await call(tagRoute.PATCH, "PATCH", `/api/tags/${params.id}`, {
      token: admin.token,
      params,
      body: { name: "Bad answer" },
    });
    expect(renamed.body).toEqual({ ...created.body, name: "Bad answer" });
    expect((await auditOf("tag.update")).at(-1)).toMatchObject({ targetId: params.id, targetLabel: "Bad answer" });

    const deleted = await call(tagRoute.DELETE, "DELETE", `/api/tags/${params.id}`, { token: admin.token, params });
    expect(deleted.status).toBe(200);
    expect((await call(tagRoute.DELETE, "DELETE", `/api/tags/${params.id}`, { token: admin.token, params })).status).toBe(404);
  });

  it("refuses users, duplicate names and bad colours", async () => {
    expect((await createTag(user.token, { name: "Mine", color: "#000000" })).status).toBe(403);
    await createTag(admin.token, { name: "Taken", color: "#000000" });
    const duplicate = await createTag(admin.token, { name: "Taken", color: "#111111" });
    expect(duplicate).toMatchObject({ status: 409, body: { message: "A tag with this name exists" } });
    expect((await createTag(admin.token, { name: "Red", color: "red" })).status).toBe(400);
    expect((await createTag(admin.token, { name: "", color: "#000000" })).status).toBe(400);
    const unknown = await call(tagRoute.PATCH, "PATCH", "/api/tags/nope", {
      token: admin.token,
      params: { id: "nope" },
      body: { color: "#000000" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("PATCH /api/transcript/{id}/review", () => {
  it("sets status, assignee and tags, shows them with who and when, and audits each change", async () => {
    const tag = (await createTag(admin.token, { name: "Refund", color: "#00aa00" })).body;
    const res = await patch(user.token, { status: "needs_attention", assigneeId: user.user.id, addTagIds: [tag.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "needs_attention",
      updatedBy: { id: user.user.id, email: user.user.email, name: "Uma" },
      assignee: { id: user.user.id, name: "Uma" },
      tags: [{ id: tag.id, name: "Refund", color: "#00aa00" }],
      notes: [],
    });
    expect(Date.parse(res.body.updatedAt)).not.toBeNaN();
    const shown = await detail(user.token);
    expect(shown.body._id).toBe(transcriptId);
    expect(shown.body.review).toEqual(res.body);

    const listed = await call(listRoute.GET, "GET", "/api/transcripts", { token: user.token, query: RANGE });
    expect(listed.body.transcripts.find((item: { id: string }) => item.id === transcriptId)).toMatchObject({
      reviewStatus: "needs_attention",
      tags: [{ id: tag.id }],
      assignee: { id: user.user.id },
      noteCount: 0,
    });

    expect((await auditOf("transcript.review_status")).at(-1)).toMatchObject({
      actorId: user.user.id,
      targetId: transcriptId,
      details: JSON.stringify({ from: "unreviewed", to: "needs_attention" }),
    });
    expect((await auditOf("transcript.assign")).at(-1)).toMatchObject({ targetId: transcriptId });
    expect((await auditOf("transcript.tag_add")).at(-1)).toMatchObject({ details: JSON.stringify({ tagIds: [tag.id] }) });

    const cleared = await patch(user.token, { assigneeId: null, removeTagIds: [tag.id], status: "reviewed" });
    expect(cleared.body).toMatchObject({ status: "reviewed", assignee: null, tags: [] });
    expect((await auditOf("transcript.tag_remove")).at(-1)).toMatchObject({ targetId: transcriptId });

    // A renamed tag shows renamed on the transcript; a deleted one is gone from it.
    await patch(user.token, { addTagIds: [tag.id] });
    await call(tagRoute.PATCH, "PATCH", "/", { token: admin.token, params: { id: tag.id }, body: { name: "Refunds" } });
    expect((await detail(user.token)).body.review.tags).toEqual([{ ...tag, name: "Refunds" }]);
    await call(tagRoute.DELETE, "DELETE", "/", { token: admin.token, params: { id: tag.id } });
    expect((await detail(user.token)).body.review.tags).toEqual([]);
  });

  it("shows a transcript's tags in one order everywhere: by name as people read it, not by character code", async () => {
    const made = [];
    for (const name of ["sprint 10", "Bug", "api", "sprint 2", "Äpfel"])
      made.push((await createTag(admin.token, { name, color: "#336699" })).body);
    const ids = made.map((tag) => tag.id);
    const expected = ["Äpfel", "api", "Bug", "sprint 2", "sprint 10"];
    await patch(user.token, { addTagIds: ids });
    const names = (tags: { id: string; name: string }[]) => tags.filter((tag) => ids.includes(tag.id)).map((tag) => tag.name);

    expect(names((await call(tagsRoute.GET, "GET", "/api/tags", { token: user.token })).body)).toEqual(expected);
    expect(names((await detail(user.token)).body.review.tags)).toEqual(expected);
    const listed = await call(listRoute.GET, "GET", "/api/transcripts", { token: user.token, query: RANGE });
    expect(names(listed.body.transcripts.find((item: { id: string }) => item.id === transcriptId).tags)).toEqual(expected);

    await patch(user.token, { removeTagIds: ids });
    for (const id of ids) await call(tagRoute.DELETE, "DELETE", "/", { token: admin.token, params: { id } });
  });

  it("answers 404 for an unknown transcript, tag or assignee, and 400 for bad input", async () => {
    const unknownTranscript = await patch(user.token, { status: "reviewed" }, "no-such-transcript");
    expect(unknownTranscript).toMatchObject({ status: 404, body: { message: "Transcript not found" } });
    expect(await patch(user.token, { addTagIds: ["no-such-tag"] })).toMatchObject({ status: 404, body: { message: "Tag not found" } });
    expect(await patch(user.token, { assigneeId: "no-such-user" })).toMatchObject({ status: 404, body: { message: "User not found" } });
    const pending = await signedInUser({ approved: true });
    await db.user.update({ where: { id: pending.user.id }, data: { approved: false } });
    expect((await patch(user.token, { assigneeId: pending.user.id })).status).toBe(404);
    expect((await patch(user.token, { status: "done" })).status).toBe(400);
    expect((await patch(user.token, {})).status).toBe(400);
    expect((await patch(user.token, { status: "reviewed", extra: 1 })).status).toBe(400);
    expect((await detail(user.token, "no-such-transcript")).status).toBe(404);
  });
});

describe("notes", () => {
  it("lets any approved user write, its author edit and delete, and administrators delete any", async () => {
    const other = await signedInUser();
    const created = await addNote(user.token, { body: "  Customer asked twice.  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      body: "Customer asked twice.",
      author: { id: user.user.id, email: user.user.email, name: "Uma" },
    });
    const noteId = created.body.id as string;

    expect((await editNote(other.token, noteId, { body: "Mine now" })).status).toBe(403);
    expect((await editNote(admin.token, noteId, { body: "Admin edit" })).status).toBe(403);
    const edited = await editNote(user.token, noteId, { body: "Customer asked three times." });
    expect(edited).toMatchObject({ status: 200, body: { id: noteId, body: "Customer asked three times." } });
    expect((await removeNote(other.token, noteId)).status).toBe(403);

    const second = (await addNote(other.token, { body: "Second note" })).body;
    expect((await detail(user.token)).body.review.notes.map((note: { id: string }) => note.id)).toEqual([noteId, second.id]);
    expect((await removeNote(admin.token, second.id)).status).toBe(200);
    expect((await removeNote(user.token, noteId)).status).toBe(200);
    expect((await detail(user.token)).body.review.notes).toEqual([]);
    expect((await auditOf("transcript.note_create")).length).toBeGreaterThanOrEqual(2);
    expect((await auditOf("transcript.note_update")).at(-1)).toMatchObject({ details: JSON.stringify({ noteId }) });
    expect((await auditOf("transcript.note_delete")).length).toBeGreaterThanOrEqual(2);
  });

  it("takes up to 10,000 characters", async () => {
    const full = await addNote(user.token, { body: "n".repeat(NOTE_MAX_LENGTH) });
    expect(full.status).toBe(201);
    const over = await addNote(user.token, { body: "n".repeat(NOTE_MAX_LENGTH + 1) });
    expect(over).toMatchObject({ status: 400, body: { message: "body: must be at most 10,000 characters" } });
    expect((await addNote(user.token, { body: "   " })).status).toBe(400);
    expect((await editNote(user.token, full.body.id, { body: "n".repeat(NOTE_MAX_LENGTH + 1) })).status).toBe(400);
    await removeNote(user.token, full.body.id);
  });

  it("answers 404 for an unknown transcript or note, and for a note of another transcript", async () => {
    const [otherTranscript] = await storeTranscripts(conversation());
    expect((await addNote(user.token, { body: "x" }, "no-such-transcript")).status).toBe(404);
    expect((await editNote(user.token, "no-such-note", { body: "x" })).status).toBe(404);
    expect((await removeNote(user.token, "no-such-note")).status).toBe(404);
    const note = (await addNote(user.token, { body: "x" }, otherTranscript)).body;
    expect((await editNote(user.token, note.id, { body: "y" }, transcriptId)).status).toBe(404);
    expect((await removeNote(user.token, note.id, transcriptId)).status).toBe(404);
  });

  it('keeps a deleted user\'s notes under "Deleted user", counted in the list', async () => {
    const [id] = await storeTranscripts(conversation());
    const leaving = await signedInUser();
    await addNote(leaving.token, { body: "Written before leaving" }, id);
    const deleted = await call(deleteUserRoute.DELETE, "DELETE", `/api/admin/user/${leaving.user.id}`, {
      token: admin.token,
      params: { id: leaving.user.id },
    });
    expect(deleted.status).toBe(200);
    const notes = (await detail(user.token, id)).body.review.notes;
    expect(notes).toEqual([
      expect.objectContaining({ body: "Written before leaving", author: { id: null, email: null, name: DELETED_USER_NAME } }),
    ]);
    const listed = await call(listRoute.GET, "GET", "/api/transcripts", { token: user.token, query: { ...RANGE, hasNotes: "true" } });
    expect(listed.body.transcripts.find((item: { id: string }) => item.id === id)).toMatchObject({ noteCount: 1 });
  });
});

describe("saved views", () => {
  it("lists the caller's own and the shared views; owners delete theirs, administrators shared ones", async () => {
    const other = await signedInUser();
    const create = (token: string, body: unknown) => call(viewsRoute.POST, "POST", "/api/views", { token, body });
    const mine = await create(user.token, { name: "Thumbs down", shared: false, query: "?feedback=down&status=unreviewed" });
    expect(mine).toMatchObject({
      status: 201,
      body: { name: "Thumbs down", shared: false, query: "feedback=down&status=unreviewed", canDelete: true },
    });
    const shared = (await create(user.token, { name: "Team queue", shared: true, query: "status=needs_attention" })).body;
    const othersPrivate = (await create(other.token, { name: "Secret", shared: false, query: "" })).body;

    const names = async (token: string) =>
      (await call(viewsRoute.GET, "GET", "/api/views", { token })).body.map((view: { name: string }) => view.name);
    expect(await names(user.token)).toEqual(["Team queue", "Thumbs down"]);
    expect(await names(other.token)).toEqual(["Secret", "Team queue"]);

    const remove = (token: string, id: string) => call(viewRoute.DELETE, "DELETE", `/api/views/${id}`, { token, params: { id } });
    expect((await remove(other.token, mine.body.id)).status).toBe(404);
    expect((await remove(other.token, shared.id)).status).toBe(403);
    expect((await remove(user.token, othersPrivate.id)).status).toBe(404);
    expect((await remove(admin.token, shared.id)).status).toBe(200);
    expect((await remove(user.token, mine.body.id)).status).toBe(200);
    expect((await remove(user.token, "no-such-view")).status).toBe(404);
    expect(await names(user.token)).toEqual([]);
    expect((await create(user.token, { name: "", shared: false, query: "" })).status).toBe(400);
    expect((await create(user.token, { name: "x", shared: "yes", query: "" })).status).toBe(400);
  });
});
