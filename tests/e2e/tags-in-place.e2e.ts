// Tags where the work is: on the transcript page an administrator types a tag no one has made and
// creates it in place ("Create tag '…'"), which the transcript then carries and Admin › Tags lists;
// a colleague typing a new name is told that only administrators create tags.
import { inBrowser, openBrowser } from "./support/browser";
import { createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";
import { apiTranscripts } from "./support/transcripts";

const DAY_MS = 86_400_000;
const ADMIN = "tia.tags@example.com";
const COLLEAGUE = "ugo.user@example.com";
const NEW_TAG = "Promised a callback";

describe("tags where the work is", () => {
  it(
    "creates a tag in place on the transcript page",
    inBrowser("tags-in-place", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: ADMIN, isAdmin: true });
      await createAccount({ email: COLLEAGUE });
      const list = await apiTranscripts(await tokenFor(ADMIN), {
        startTime: new Date(Date.now() - 30 * DAY_MS).toISOString(),
        endTime: new Date().toISOString(),
        page: 1,
        limit: 1,
      });
      const path = `/transcript/${encodeURIComponent(list.transcripts[0].id)}`;
      await signIn(page, baseUrl, ADMIN);
      await go(path);
      const panel = page.getByTestId("review-panel");
      await panel.getByRole("textbox", { name: "Tag by name" }).fill(NEW_TAG);
      await panel.getByRole("button", { name: `Create tag '${NEW_TAG}'` }).click();
      await panel.getByRole("list", { name: "Tags" }).getByText(NEW_TAG).waitFor();
      await snap("tag-created");
      await go("/admin/tags");
      await page.getByRole("textbox", { name: `Name of tag ${NEW_TAG}` }).waitFor();

      const colleague = await openBrowser("tags-in-place-colleague");
      try {
        await signIn(colleague.page, baseUrl, COLLEAGUE);
        await colleague.go(path);
        const theirPanel = colleague.page.getByTestId("review-panel");
        await theirPanel.getByRole("textbox", { name: "Tag by name" }).fill("Something new");
        await theirPanel.getByText("Only administrators create tags.").waitFor();
        expect(await theirPanel.getByRole("button", { name: /^Create tag/ }).count()).toBe(0);
        expect(colleague.pageErrors).toEqual([]);
      } finally {
        await colleague.close();
      }
    }),
  );
});
