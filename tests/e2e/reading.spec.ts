import { expect, test } from "./fixtures";
import {
  createDiscussionWithComments,
  expectClearOf,
  findDiscussion,
  newMember,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

/** A discussion with 31 comments (two pages of 30), made once by the administrator for the no-JS checks. */
let longDiscussion: { discussionID: number; name: string; url: string };

test.beforeAll(async ({ browser }) => {
  // `browser.newContext` takes the file's `use` options; this setup needs the page script.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInAsAdmin(page);
  longDiscussion = await createDiscussionWithComments(page, uniqueName("Long thread "), 31);
  await context.close();
});

test("a guest reads the home page, the categories and a discussion with its comments", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "How can we help you?" })).toBeVisible();
  const categories = main.getByRole("region", { name: "Categories" });
  await expect(categories.getByRole("heading", { name: "Categories" })).toBeVisible();
  await expect(categories.getByRole("link", { name: /^Feature Requests/ })).toBeVisible();
  const recent = main.getByRole("region", { name: "Recent Discussions" });
  await expect(recent.getByRole("heading", { name: "Recent Discussions" })).toBeVisible();
  // Announcements first, then the most recently active: the thread made in beforeAll leads the others.
  await expect(recent.getByRole("listitem").first()).toContainText("Welcome to the community!");
  await expect(recent.getByRole("listitem").first()).toContainText("Announcement");
  await expect(recent.locator("li:not(.isAnnouncement)").first()).toContainText(longDiscussion.name);

  await page.goto("/categories");
  await expect(main.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Getting Started" })).toBeVisible();
  await main.getByRole("link", { name: "General", exact: true }).click();

  await expect(page).toHaveURL(/\/categories\/general$/);
  await expect(main.getByRole("heading", { level: 1, name: "General" })).toBeVisible();
  // The demo thread, by its address: other tests on this worker's server may have pushed it off the first page.
  await page.goto(
    new URL((await findDiscussion(page, "Tips for keeping discussions on topic")).url).pathname,
  );

  await expect(page).toHaveURL(/\/discussion\/\d+\//);
  await expect(
    main.getByRole("heading", { level: 1, name: "Tips for keeping discussions on topic" }),
  ).toBeVisible();
  await expect(main.getByText("Our community grew fast and threads started drifting.")).toBeVisible();
  await expect(main.getByRole("heading", { name: "3 Comments" })).toBeVisible();
  const comments = main.getByRole("region", { name: "Comments" }).getByRole("article");
  await expect(comments).toHaveCount(3);
  await expect(comments.first()).toContainText("Splitting threads made a huge difference for us.");
  await expect(comments.last()).toContainText("Clear category descriptions help too.");
  await expect(main.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the discussion page shows the post, comments, pager links and the Sign In prompt", async ({
    page,
  }) => {
    await page.goto(longDiscussion.url);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: longDiscussion.name })).toBeVisible();
    await expect(main.getByText(`The opening post of ${longDiscussion.name}.`)).toBeVisible();
    await expect(main.getByRole("heading", { name: "31 Comments" })).toBeVisible();
    const comments = main.getByRole("region", { name: "Comments" }).getByRole("article");
    await expect(comments).toHaveCount(30);
    await expect(comments.first()).toContainText("Comment number 1");
    await expect(main.getByText("1 - 30 of 31")).toBeVisible();
    await expect(main.getByRole("link", { name: "Previous Page" })).toHaveCount(0);
    const signIn = main.getByRole("link", { name: "Sign In" });
    await expect(signIn).toBeVisible();
    await expect(main.getByText("to comment.")).toBeVisible();
    await expect(signIn).toHaveAttribute("href", /^\/entry\/signin\?Target=/);

    await main.getByRole("link", { name: "Next Page" }).click();
    await expect(page).toHaveURL(/\/p2$/);
    await expect(main.getByText("31 - 31 of 31")).toBeVisible();
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText("Comment number 31");
    await expect(main.getByRole("link", { name: "Next Page" })).toHaveCount(0);
    await main.getByRole("link", { name: "Previous Page" }).click();
    await expect(page).toHaveURL(new RegExp(`/discussion/${longDiscussion.discussionID}/[^/]+$`));
    await expect(comments).toHaveCount(30);
  });
});

test("without JavaScript, a member's title bar at 390 px keeps the site's name clear of its controls", async ({
  browser,
}) => {
  const member = await newMember(browser, "NarrowReader");
  const narrow = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 800 },
    storageState: await member.context.storageState(),
  });
  try {
    const page = await narrow.newPage();
    await page.goto("/discussions");
    const banner = page.getByRole("banner");
    // What the compact bar shows: search and the member's photo; the rest waits in its panels.
    await expect(banner.getByRole("link", { name: "Search" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Notifications" })).toBeHidden();
    await expectClearOf(
      banner.getByRole("link", { name: "Community" }),
      banner.locator(".titleBar-actions > *"),
    );
  } finally {
    await narrow.close();
    await member.context.close();
  }
});

test("an unknown discussion shows Page Not Found", async ({ page }) => {
  const response = await page.goto("/discussion/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("a comment permalink lands on the comment's page at its anchor", async ({ page }) => {
  const commentID = async (url: string, text: string) => {
    await page.goto(url);
    const comment = page.getByRole("region", { name: "Comments" }).getByRole("article").last();
    await expect(comment).toContainText(text);
    const id = ((await comment.getAttribute("id")) ?? "").replace(/^Comment_/, "");
    expect(id).toMatch(/^\d+$/);
    return id;
  };
  const onFirstPage = await commentID(longDiscussion.url, "Comment number 30");
  const onSecondPage = await commentID(`${longDiscussion.url}/p2`, "Comment number 31");

  await page.goto("/");
  await page.goto(`/discussion/comment/${onSecondPage}`);
  await expect(page).toHaveURL(new RegExp(`/p2#Comment_${onSecondPage}$`));
  await expect(page.locator(`#Comment_${onSecondPage}`)).toContainText("Comment number 31");

  await page.goto(`/discussion/comment/${onFirstPage}`);
  await expect(page).toHaveURL(
    new RegExp(`/discussion/${longDiscussion.discussionID}/[^/#]+#Comment_${onFirstPage}$`),
  );
  await expect(page.locator(`#Comment_${onFirstPage}`)).toBeInViewport();
});
