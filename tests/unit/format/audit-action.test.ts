import { auditActionLabel, auditDetailsText } from "@/lib/format/audit-action";

describe("auditActionLabel", () => {
  it.each([
    ["user.approve", "Approved user"],
    ["user.deny", "Denied registration"],
    ["user.make_admin", "Made administrator"],
    ["user.revoke", "Revoked access"],
    ["user.restore", "Restored access"],
    ["user.delete", "Deleted user"],
    ["user.sso_create", "Created account by single sign-on"],
    ["user.sso_link", "Linked single sign-on to account"],
    ["feedback.delete", "Deleted feedback"],
    ["feedback.review_status", "Changed review status"],
    ["ingest_key.create", "Created ingest key"],
    ["ingest_key.revoke", "Revoked ingest key"],
    ["source.create", "Added source"],
    ["source.update", "Changed source"],
    ["source.delete", "Deleted source"],
    ["source.sync", "Started source sync"],
    ["something.new", "something.new"],
  ])("%s -> %s", (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });
});

describe("auditDetailsText", () => {
  it.each([
    [null, ""],
    [{}, ""],
    [{ reviewStatus: "reviewed" }, "reviewStatus: reviewed"],
    [{ name: "bot", count: 2 }, "name: bot, count: 2"],
  ])("%p -> %p", (details, text) => {
    expect(auditDetailsText(details)).toBe(text);
  });
});
