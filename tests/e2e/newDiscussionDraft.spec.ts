import { expect, test, type Page } from "./fixtures";
import { newMember, password, signIn, uniqueName } from "./helpers";

/** The member's drafts on the server (GET /drafts). */
async function serverDrafts(page: Page): Promise<Array<{ attributes: { draftMeta?: { name?: string } } }>> {
  const response = await page.request.get("/api/v2/drafts?recordType=discussion");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ attributes: { draftMeta?: { name?: string } } }>;
}

for (const width of [1280, 390]) {
  test(`a new discussion's draft reopens in another browser, without the draft toast, and is gone once posted (${width} px)`, async ({
    browser,
  }) => {
    const member = await newMember(browser, "drafter", { viewport: { width, height: 900 } });
    const other = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      // Browser one: a title and a few words, kept on the server once the typing settles.
      const title = `Half-written ${uniqueName("d")}`;
      await member.page.goto("/categories/general");
      await member.page.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
      // The form with its editor (the page's form without script is replaced once the script runs).
      await expect(member.page.getByRole("toolbar", { name: "Text formatting" })).toBeVisible();
      await member.page.getByLabel("Title").fill(title);
      await member.page.getByRole("textbox", { name: "Body" }).click();
      await member.page.keyboard.type("Words written at home");
      await expect
        .poll(
          async () => (await serverDrafts(member.page)).map((draft) => draft.attributes.draftMeta?.name),
          {
            timeout: 20_000,
          },
        )
        .toContain(title);

      // Browser two: New Discussion from the home page opens with that draft in the form, no toast about it.
      const page = await other.newPage();
      await signIn(page, member.name, password);
      await page.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
      await expect(page.getByLabel("Title")).toHaveValue(title);
      await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("General");
      await expect(page.getByRole("textbox", { name: "Body" })).toContainText("Words written at home");
      await expect(page.getByText("Saved Draft Available.")).toHaveCount(0);

      // Posted: the discussion opens and the draft is gone, here and in the first browser.
      await page.getByLabel("Title").fill(`${title} (done)`);
      await page.getByRole("button", { name: "Post Discussion" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `${title} (done)` })).toBeVisible();
      await expect.poll(async () => (await serverDrafts(page)).length).toBe(0);
      await member.page.goto("/post/discussion");
      await expect(member.page.getByRole("toolbar", { name: "Text formatting" })).toBeVisible();
      await expect(member.page.getByLabel("Title")).toHaveValue("");
    } finally {
      await other.close();
      await member.context.close();
    }
  });
}
