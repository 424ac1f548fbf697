import { expect, test, type Page } from "./fixtures";
import { apiHeaders, findDiscussion, originOf, signInAsAdmin } from "./helpers";

const FLAGS = ["customLayout.post", "customLayout.discussionList"] as const;

async function setLayoutFlags(page: Page, on: boolean): Promise<void> {
  const response = await page.request.patch("/api/v2/config", {
    headers: apiHeaders(originOf(page)),
    data: Object.fromEntries(FLAGS.map((flag) => [flag, on])),
  });
  expect(response.status(), await response.text()).toBe(204);
}

/**
 * Brings demo discussions to the top of the recent list (bump, as a moderator would), whatever other tests on this
 * worker's server posted before.
 */
async function bumpDemoDiscussions(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const { discussionID } = await findDiscussion(page, name);
    const bumped = await page.request.patch(`/api/v2/discussions/${discussionID}/bump`, {
      headers: apiHeaders(originOf(page)),
    });
    expect(bumped.status(), await bumped.text()).toBe(200);
  }
}

declare global {
  interface Window {
    __marker?: number;
  }
}

test("with the custom layouts on, the app lists discussions and opens one without a page load", async ({
  page,
}) => {
  await signInAsAdmin(page);
  try {
    await setLayoutFlags(page, true);
    await bumpDemoDiscussions(page, ["Markdown or rich text?", "Tips for keeping discussions on topic"]);

    await page.goto("/discussions");
    await expect(page.locator("#app")).toHaveCount(1);
    const main = page.getByRole("main");
    const link = main.getByRole("link", { name: "Tips for keeping discussions on topic" });
    await expect(link).toBeVisible();
    await expect(main.getByRole("link", { name: "Markdown or rich text?" })).toBeVisible();

    await page.evaluate(() => {
      window.__marker = 1;
    });
    await link.click();
    await expect(page).toHaveURL(/\/discussion\/\d+\/tips-for-keeping-discussions-on-topic/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Tips for keeping discussions on topic" }),
    ).toBeVisible();
    await expect(page.getByText("Our community grew fast and threads started drifting.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "3 Comments" })).toBeVisible();
    await expect(page.getByText("Splitting threads made a huge difference for us.")).toBeVisible();
    // Still the same document: the click was handled in the app, not by a full page load.
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    await expect(page.locator("#app")).toHaveCount(1);
  } finally {
    await setLayoutFlags(page, false);
  }

  await page.goto("/discussions");
  await expect(page.getByRole("heading", { level: 1, name: "Recent Discussions" })).toBeVisible();
  await expect(page.locator("#app")).toHaveCount(0);
});
