import { expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

/** The author link of the opening post: an `a[data-usercard]` that opens the profile card. */
function authorOfOpeningPost(page: Page, name: string) {
  return page.locator("article.post-discussion").locator("a[data-usercard]", { hasText: name });
}

test("profile page, discussions tab, profile card popover with Escape, and a guest's view", async ({
  browser,
}) => {
  const author = await newMember(browser, "author");
  const reader = await newMember(browser, "reader");
  const guestContext = await browser.newContext();
  try {
    const title = `Profiled post ${uniqueName("p")}`;
    const discussion = await createDiscussionWithComments(author.page, title, 0);

    // The reader opens the author's profile: name, counts, joined date, no email.
    const page = reader.page;
    await page.goto(`/profile/${encodeURIComponent(author.name)}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: author.name })).toBeVisible();
    const stats = main.locator("dl.profileStats");
    await expect(stats.getByRole("link", { name: "1", exact: true })).toHaveAttribute(
      "href",
      `/profile/discussions/${encodeURIComponent(author.name)}`,
    );
    await expect(stats.getByRole("link", { name: "0", exact: true })).toHaveAttribute(
      "href",
      `/profile/comments/${encodeURIComponent(author.name)}`,
    );
    await expect(stats.getByText("Joined")).toBeVisible();
    await expect(stats.locator("time").first()).toBeVisible();
    await expect(main).not.toContainText("@example.com");
    await expect(stats.getByText("Email")).toHaveCount(0);

    // The discussions tab lists their post.
    await main
      .getByRole("navigation", { name: "Profile" })
      .getByRole("link", { name: "Discussions" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/profile/discussions/${encodeURIComponent(author.name)}$`));
    await expect(page.getByRole("main").getByRole("link", { name: title })).toBeVisible();

    // On the discussion page the author's name opens the card; Escape closes it and focus returns to the name.
    await page.goto(discussion.url);
    const name = authorOfOpeningPost(page, author.name);
    await name.click();
    const card = page.getByRole("dialog", { name: author.name });
    await expect(card).toBeVisible();
    await expect(card).not.toHaveAttribute("aria-modal", "true");
    await expect(name).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByRole("link", { name: author.name })).toBeVisible();
    await expect(card.getByRole("link", { name: "1", exact: true })).toHaveAttribute(
      "href",
      `/profile/discussions/${encodeURIComponent(author.name)}`,
    );
    await expect(card.getByRole("link", { name: "0", exact: true })).toHaveAttribute(
      "href",
      `/profile/comments/${encodeURIComponent(author.name)}`,
    );
    await expect(card.getByText("Joined")).toBeVisible();
    await expect(card.getByRole("link", { name: "Message" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-expanded", "false");

    // Enter on the focused name opens it again.
    await page.keyboard.press("Enter");
    await expect(card).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(name).toBeFocused();

    // A guest sees the public profile.
    const guest = await guestContext.newPage();
    await guest.goto(`/profile/${encodeURIComponent(author.name)}`);
    await expect(guest.getByRole("banner").getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await expect(guest.getByRole("main").getByRole("heading", { level: 1, name: author.name })).toBeVisible();
    await expect(guest.getByRole("main").getByText("Joined")).toBeVisible();
    await expect(guest.getByRole("main")).not.toContainText("@example.com");
  } finally {
    await Promise.all([author.context.close(), reader.context.close(), guestContext.close()]);
  }
});

test("on a 375 px wide screen the profile card opens as a modal dialog", async ({ browser }) => {
  const author = await newMember(browser, "mobauthor");
  const reader = await newMember(browser, "mobreader", { viewport: { width: 375, height: 740 } });
  try {
    const discussion = await createDiscussionWithComments(author.page, `Small screen ${uniqueName("s")}`, 0);
    const page = reader.page;
    await page.goto(discussion.url);
    const name = authorOfOpeningPost(page, author.name);
    await name.click();
    const card = page.getByRole("dialog", { name: author.name });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute("aria-modal", "true");
    await expect(card.locator(".profileCard--modal")).toBeVisible();
    await expect(card.getByText("Joined")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(name).toBeFocused();
  } finally {
    await Promise.all([author.context.close(), reader.context.close()]);
  }
});

test("private and banned members' cards are restricted", async ({ browser }) => {
  const secretive = await newMember(browser, "private");
  const troll = await newMember(browser, "banned");
  const reader = await newMember(browser, "viewer");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  let settingChanged = false;
  try {
    // The private member posts, the soon-banned one comments.
    const title = `Restricted cards ${uniqueName("r")}`;
    const discussion = await createDiscussionWithComments(secretive.page, title, 0);
    const comment = await troll.page.request.post("/api/v2/comments", {
      headers: apiHeaders(originOf(troll.page)),
      data: { discussionID: discussion.discussionID, body: "A comment before the ban.", format: "markdown" },
    });
    expect(comment.status(), await comment.text()).toBe(201);

    // The member makes their own profile private.
    const privateID = await currentUserID(secretive.page);
    const patched = await secretive.page.request.patch(`/api/v2/users/${privateID}`, {
      headers: apiHeaders(originOf(secretive.page)),
      data: { private: true },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    // The administrator bans the other.
    const bannedID = await currentUserID(troll.page);
    await signInAsAdmin(admin);
    const ban = await admin.request.put(`/api/v2/users/${bannedID}/ban`, {
      headers: apiHeaders(originOf(admin)),
      data: { banned: true },
    });
    expect(ban.status(), await ban.text()).toBe(200);

    const page = reader.page;
    await page.goto(discussion.url);
    await authorOfOpeningPost(page, secretive.name).click();
    const privateCard = page.getByRole("dialog", { name: secretive.name });
    await expect(privateCard.getByText("This user's profile is private.")).toBeVisible();
    await expect(privateCard.getByText("Private", { exact: true })).toBeVisible();
    await expect(privateCard.getByText("Joined")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(privateCard).toHaveCount(0);
    await expect(authorOfOpeningPost(page, secretive.name)).toBeFocused();

    // With ui.bannedPrivateProfile off (the default) the banned member's card stays full but offers no Message.
    const bannedName = page.getByRole("region", { name: "Comments" }).locator("a[data-usercard]", {
      hasText: troll.name,
    });
    await bannedName.click();
    const bannedCard = page.getByRole("dialog", { name: troll.name });
    await expect(bannedCard.getByText("Joined")).toBeVisible();
    await expect(bannedCard.getByText("This user has been banned.")).toHaveCount(0);
    await expect(bannedCard.getByRole("link", { name: "Message" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(bannedCard).toHaveCount(0);

    // The private member's profile page is restricted too.
    await page.goto(`/profile/${encodeURIComponent(secretive.name)}`);
    await expect(page.getByRole("main").getByRole("status")).toContainText("This user's profile is private.");
    await expect(page.getByRole("main").getByRole("navigation", { name: "Profile" })).toHaveCount(0);
    await page.goto(discussion.url);

    // With the setting on, the banned member's card is restricted.
    const enable = await admin.request.patch("/api/v2/config", {
      headers: apiHeaders(originOf(admin)),
      data: { "ui.bannedPrivateProfile": true },
    });
    expect(enable.status(), await enable.text()).toBe(204);
    settingChanged = true;
    await page.reload();
    await bannedName.click();
    await expect(bannedCard.getByText("This user has been banned.")).toBeVisible();
    await expect(bannedCard.getByText("Banned", { exact: true })).toBeVisible();
    await expect(bannedCard.getByText("Joined")).toHaveCount(0);
  } finally {
    if (settingChanged) {
      const restore = await admin.request.patch("/api/v2/config", {
        headers: apiHeaders(originOf(admin)),
        data: { "ui.bannedPrivateProfile": false },
      });
      expect(restore.status()).toBe(204);
    }
    await Promise.all([
      secretive.context.close(),
      troll.context.close(),
      reader.context.close(),
      adminContext.close(),
    ]);
  }
});
