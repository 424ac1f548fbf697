import { expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

const FLAGS = ["customLayout.post", "customLayout.discussionList"] as const;

async function patch(page: Page, url: string, data: Record<string, unknown>, status: number): Promise<void> {
  const response = await page.request.patch(url, { headers: apiHeaders(originOf(page)), data });
  expect(response.status(), await response.text()).toBe(status);
}

const setLayoutFlags = (page: Page, on: boolean) =>
  patch(page, "/api/v2/config", Object.fromEntries(FLAGS.map((flag) => [flag, on])), 204);

declare global {
  interface Window {
    __spaMarker?: number;
  }
}

test("the single-page discussion page reacts, bookmarks, shows signatures, options and add-on slot widgets", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const title = `Single-page thread ${uniqueName("t")}`;
  await patch(
    page,
    `/api/v2/users/${await currentUserID(page)}`,
    { signature: "Cheers, **the admin**" },
    200,
  );
  const discussion = await createDiscussionWithComments(page, title, 2);
  try {
    await setLayoutFlags(page, true);
    await patch(page, "/api/v2/addons/example", { enabled: true }, 200);

    await page.goto("/discussions");
    await expect(page.locator("#app")).toHaveCount(1);
    await page.evaluate(() => {
      window.__spaMarker = 1;
    });
    await page.getByRole("main").getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/discussion/${discussion.discussionID}/`));

    const main = page.getByRole("main");
    const original = main.getByRole("article", { name: title });
    await expect(original.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Opened by the app, not by a page load.
    expect(await page.evaluate(() => window.__spaMarker)).toBe(1);

    await expect(original.locator(".signature")).toHaveText("Cheers, the admin");
    await expect(main.getByText("Welcome to the discussion!")).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "2 Comments" })).toBeVisible();
    await expect(main.getByRole("region", { name: "Leave a comment" })).toBeVisible();

    const reactions = original.getByRole("group", { name: "Reactions" });
    const like = reactions.getByRole("button", { name: /^Like \d+$/ });
    await reactions.getByRole("button", { name: "React" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Like", exact: true }).click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like.locator(".reactionsBar-count")).toHaveText("1");

    const bookmark = original.getByRole("button", { name: "Bookmark" });
    await expect(bookmark).toHaveAttribute("aria-pressed", "false");
    await bookmark.click();
    await expect(bookmark).toHaveAttribute("aria-pressed", "true");
    await expect(bookmark).toBeEnabled();

    await original.getByRole("button", { name: "Discussion Options" }).click();
    const menu = page.getByRole("menu", { name: "Discussion Options" });
    await expect(menu.getByRole("menuitem", { name: /^Edit/ })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Close" })).toBeVisible();
    await page.keyboard.press("Escape");

    // A reload prints the layout into the page: the reaction and the bookmark were saved.
    await page.reload();
    const reloaded = page.getByRole("main").getByRole("article", { name: title });
    await expect(reloaded.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
    await expect(
      reloaded.getByRole("group", { name: "Reactions" }).getByRole("button", { name: /^Like \d+$/ }),
    ).toHaveAttribute("aria-pressed", "true");
  } finally {
    await patch(page, "/api/v2/addons/example", { enabled: false }, 200);
    await setLayoutFlags(page, false);
  }

  // The server page of the same discussion draws the same tree.
  await page.goto(discussion.url);
  await expect(page.locator("#app")).toHaveCount(0);
  const serverPost = page.getByRole("main").locator(`#Discussion_${discussion.discussionID}`);
  await expect(serverPost.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  await expect(serverPost.locator(".signature")).toHaveText("Cheers, the admin");
  await expect(page.getByText("Welcome to the discussion!")).toHaveCount(0);
});
