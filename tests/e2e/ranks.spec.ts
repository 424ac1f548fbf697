import { expect, test } from "./fixtures";
import { apiHeaders, createDiscussionWithComments, newMember, originOf, signInAsAdmin } from "./helpers";

test("a member earns a rank by posting: its label shows beside their name; links wait for the rank that allows them", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await newMember(browser, "ranked");
  const created: number[] = [];
  try {
    await signInAsAdmin(admin, "/dashboard/addons");
    const ranks = admin.getByRole("row").filter({ hasText: "Ranks" });
    await expect(ranks.getByText("Enabled", { exact: true })).toBeVisible();
    const headers = apiHeaders(originOf(admin));
    const stamp = Date.now();
    const level = 40 + (stamp % 50);
    for (const data of [
      {
        name: `Pathfinder ${stamp}`,
        label: "Pathfinder",
        labelHtml: "<strong>Pathfinder</strong>",
        level,
        criteria: { posts: 1 },
      },
      {
        name: `Guide ${stamp}`,
        label: "Guide",
        level: level + 1,
        criteria: { posts: 500 },
        abilities: { links: true },
      },
    ]) {
      const response = await admin.request.post("/api/v2/ranks", { headers, data });
      expect(response.status(), await response.text()).toBe(201);
      created.push(((await response.json()) as { rankID: number }).rankID);
    }
    const discussion = await createDiscussionWithComments(admin, `Ranks ${stamp}`, 0);

    const { page } = member;
    await page.goto(discussion.url);
    const composer = page.getByRole("main").getByRole("region", { name: "Leave a comment" });
    await composer.getByRole("textbox", { name: "Comment" }).click();
    await page.keyboard.type("My first comment.");
    await composer.getByRole("button", { name: "Post Comment" }).click();
    await expect(page).toHaveURL(/#Comment_\d+$/);

    // The rank job ran after the comment: the label is beside the member's name on their posts and profile.
    const comment = page
      .getByRole("region", { name: "Comments" })
      .getByRole("article")
      .filter({ hasText: "My first comment." });
    // Each try reloads the page, which takes seconds on a loaded machine: give the job and the reloads 20 s.
    await expect
      .poll(
        async () => {
          await page.reload();
          return comment.locator(".post-authorLabel").textContent();
        },
        { timeout: 20_000 },
      )
      .toBe("Pathfinder");
    await page.setViewportSize({ width: 1280, height: 900 });
    await comment.screenshot({ path: test.info().outputPath("ranks-comment-1280.png") });

    // A link needs the Guide rank: the comment is refused with the reason.
    await composer.getByRole("textbox", { name: "Comment" }).click();
    await page.keyboard.type("See https://example.com/guide for more.");
    await composer.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText(`You need the rank Guide ${stamp} or higher to post links.`)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("ranks-refused-390.png"), fullPage: true });

    await page.goto(`/profile/${encodeURIComponent(member.name)}`);
    await expect(page.locator(".profileHeader-label")).toHaveText("Pathfinder");

    // Disabled: no label (and no link limit); enabled again, the label is back.
    await ranks.getByRole("button", { name: "Disable Ranks" }).click();
    await expect(ranks.getByText("Disabled", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator(".profileHeader-label")).toHaveCount(0);
    await ranks.getByRole("button", { name: "Enable Ranks" }).click();
    await expect(ranks.getByText("Enabled", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator(".profileHeader-label")).toHaveText("Pathfinder");
  } finally {
    const headers = apiHeaders(originOf(admin));
    await admin.request.patch("/api/v2/addons/ranks", { headers, data: { enabled: true } });
    for (const rankID of created) await admin.request.delete(`/api/v2/ranks/${rankID}`, { headers });
    await Promise.all([adminContext.close(), member.context.close()]);
  }
});
