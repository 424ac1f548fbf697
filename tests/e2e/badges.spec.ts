import { expect, test } from "./fixtures";
import { apiHeaders, createDiscussionWithComments, newMember, originOf, signInAsAdmin } from "./helpers";

test("an administrator enables Badges; a member earns First Post by commenting, is notified, and shows on the leaderboard", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await newMember(browser, "earner");
  try {
    await signInAsAdmin(admin, "/dashboard/addons");
    const badges = admin.getByRole("row").filter({ hasText: "Badges" });
    await expect(badges.getByText("Disabled", { exact: true })).toBeVisible();
    await badges.getByRole("button", { name: "Enable Badges" }).click();
    await expect(badges.getByText("Enabled", { exact: true })).toBeVisible();
    const discussion = await createDiscussionWithComments(admin, `Introduce yourself ${Date.now()}`, 0);

    // The member's first post earns First Post (a job), once, with a notification.
    const { page } = member;
    await page.goto(discussion.url);
    const composer = page.getByRole("main").getByRole("region", { name: "Leave a comment" });
    await composer.getByRole("textbox", { name: "Comment" }).click();
    await page.keyboard.type("Hello, I am new here.");
    await composer.getByRole("button", { name: "Post Comment" }).click();
    await expect(page).toHaveURL(/#Comment_\d+$/);
    await expect
      .poll(async () => {
        const response = await page.request.get("/api/v2/notifications");
        const items = (await response.json()) as { activityType: string; body: string }[];
        return items.filter((item) => item.activityType === "Badge").map((item) => item.body);
      })
      .toEqual(["You earned the <b>First Post</b> badge."]);

    await page.goto("/badges/first-post");
    await expect(page.getByRole("heading", { level: 1, name: "First Post" })).toBeVisible();
    await expect(page.getByRole("link", { name: member.name })).toBeVisible();
    await page.goto(`/profile/${encodeURIComponent(member.name)}`);
    const held = page.getByRole("region", { name: "Badges" });
    await expect(held.getByRole("link", { name: /First Post/ })).toHaveAttribute(
      "href",
      "/badges/first-post",
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("badges-profile-390.png"), fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/badges");
    await expect(page.getByRole("link", { name: "First Post" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("badges-list-1280.png"), fullPage: true });
    await page.goto("/");
    const board = page.getByRole("region", { name: "Leaderboard" });
    await expect(board.getByRole("listitem").first()).toBeVisible();
    await board.screenshot({ path: test.info().outputPath("badges-leaderboard-1280.png") });

    // Disabled: pages, widgets and the API are gone, the awards kept; enabled again, they are back.
    await badges.getByRole("button", { name: "Disable Badges" }).click();
    await expect(badges.getByText("Disabled", { exact: true })).toBeVisible();
    await page.goto(`/profile/${encodeURIComponent(member.name)}`);
    await expect(page.getByRole("region", { name: "Badges" })).toHaveCount(0);
    expect((await page.request.get("/api/v2/badges")).status()).toBe(404);
    await badges.getByRole("button", { name: "Enable Badges" }).click();
    await expect(badges.getByText("Enabled", { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Badges" }).getByRole("link", { name: /First Post/ }),
    ).toBeVisible();
  } finally {
    // Other browser tests on this server count notifications: badges stay off for them.
    await admin.request.patch("/api/v2/addons/badges", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: false },
    });
    await Promise.all([adminContext.close(), member.context.close()]);
  }
});
