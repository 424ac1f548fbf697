import { expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  newMember,
  originOf,
  titleBarButton,
  uniqueName,
} from "./helpers";

/** The unread count bubble inside a title-bar button (absent at 0). */
function badgeOf(page: Page, name: "Notifications" | "Messages") {
  return titleBarButton(page, name).locator(".countBadge");
}

test("two members mention, notify live, react, bookmark and message each other", async ({ browser }) => {
  // Three members' browsers and a dozen flows: 43-53 s in CI runs, close to the 60 s default.
  test.setTimeout(120_000);
  const alice = await newMember(browser, "alice");
  const bob = await newMember(browser, "bob");
  const carol = await newMember(browser, "carol");
  try {
    const a = alice.page;
    const b = bob.page;

    // B posts a discussion with their own session and then waits on the home page.
    const title = `Bob asks ${uniqueName("q")}`;
    const discussion = await createDiscussionWithComments(b, title, 0);
    await b.goto("/");
    await expect(titleBarButton(b, "Notifications")).toBeVisible();
    await expect(badgeOf(b, "Notifications")).toHaveCount(0);
    await expect(badgeOf(b, "Messages")).toHaveCount(0);

    // A mentions B through the editor's suggestions, picked with the keyboard.
    await a.goto(discussion.url);
    const main = a.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const composer = main.getByRole("region", { name: "Leave a comment" });
    await composer.getByRole("textbox", { name: "Comment" }).click();
    await a.keyboard.type(`Good question @${bob.name.slice(0, -2)}`);
    const suggestions = a.getByRole("listbox", { name: "Mention suggestions" });
    await expect(suggestions.getByRole("option", { name: bob.name, selected: true })).toBeVisible();
    await a.keyboard.press("Enter");
    await expect(suggestions).toHaveCount(0);
    await a.keyboard.type("what do you think?");
    await composer.getByRole("button", { name: "Post Comment" }).click();
    await expect(a).toHaveURL(/#Comment_\d+$/);
    const commentID = new URL(a.url()).hash.replace("#Comment_", "");
    const comments = main.getByRole("region", { name: "Comments" }).getByRole("article");
    await expect(comments.first()).toContainText(`@${bob.name}`);
    await expect(comments.first()).toContainText("what do you think?");

    // B's badge rises over the live stream, without a reload.
    await expect(badgeOf(b, "Notifications")).toHaveText("1");
    // A second, plain comment: another unread notification for the discussion's author.
    const second = await a.request.post("/api/v2/comments", {
      headers: apiHeaders(originOf(a)),
      data: { discussionID: discussion.discussionID, body: "And a follow-up.", format: "markdown" },
    });
    expect(second.status(), await second.text()).toBe(201);
    await expect(badgeOf(b, "Notifications")).toHaveText("2");

    // B opens the menu and follows the mention to A's comment.
    await titleBarButton(b, "Notifications").click();
    const menu = b.getByRole("group", { name: "Notifications" });
    const mention = menu.getByRole("link", { name: `${alice.name} mentioned you in ${title}.` });
    await expect(mention).toBeVisible();
    await expect(menu.getByRole("link", { name: `${alice.name} commented on ${title}.` })).toBeVisible();
    await mention.click();
    await expect(b).toHaveURL(new RegExp(`#Comment_${commentID}$`));
    await expect(b.locator(`#Comment_${commentID}`)).toContainText("what do you think?");
    await expect(badgeOf(b, "Notifications")).toHaveText("1");

    // Mark All Read clears the rest.
    await titleBarButton(b, "Notifications").click();
    await b
      .getByRole("group", { name: "Notifications" })
      .getByRole("button", { name: "Mark All Read" })
      .click();
    await expect(badgeOf(b, "Notifications")).toHaveCount(0);
    await b.reload();
    await expect(titleBarButton(b, "Notifications")).toBeVisible();
    await expect(badgeOf(b, "Notifications")).toHaveCount(0);

    // A likes B's discussion, then takes it back.
    const original = main.locator("article.post-discussion");
    const reactions = original.getByRole("group", { name: "Reactions" });
    const like = reactions.getByRole("button", { name: /^Like \d+$/ });
    await expect(like).toHaveCount(0);
    await reactions.getByRole("button", { name: "React" }).click();
    await a.getByRole("menuitemcheckbox", { name: "Like", exact: true }).click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like.locator(".reactionsBar-count")).toHaveText("1");
    await like.click();
    // Taken back, the post has no Like left, so its chip goes.
    await expect(like).toHaveCount(0);

    // A bookmarks it; it stays bookmarked after a reload and is listed under bookmarks.
    const bookmark = main.getByRole("button", { name: "Bookmark" });
    await expect(bookmark).toHaveAttribute("aria-pressed", "false");
    await bookmark.click();
    await expect(bookmark).toHaveAttribute("aria-pressed", "true");
    await expect(bookmark).toBeEnabled();
    await a.reload();
    await expect(main.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
    await a.goto("/discussions/bookmarked");
    await expect(a.getByRole("main").getByRole("link", { name: title })).toBeVisible();

    // A writes to B from /messages/add/{name}; B's Messages badge rises live.
    const subject = `Hello from ${alice.name}`;
    await a.goto(`/messages/add/${encodeURIComponent(bob.name)}`);
    await expect(a.getByRole("main").getByText(bob.name)).toBeVisible();
    await a.getByLabel("Subject").fill(subject);
    await a.getByRole("textbox", { name: "Message" }).click();
    await a.keyboard.type("Shall we talk about your question?");
    await a.getByRole("button", { name: "Send Message" }).click();
    await expect(a).toHaveURL(/\/messages\/\d+$/);
    const conversationUrl = new URL(a.url()).pathname;
    await expect(a.getByRole("main")).toContainText("Shall we talk about your question?");
    await expect(badgeOf(b, "Messages")).toHaveText("1");

    // B opens the conversation from the Messages menu and answers.
    await titleBarButton(b, "Messages").click();
    await b
      .getByRole("group", { name: "Messages" })
      .getByRole("link", { name: new RegExp(subject) })
      .click();
    await expect(b).toHaveURL(new RegExp(`${conversationUrl}$`));
    await expect(b.getByRole("main")).toContainText("Shall we talk about your question?");
    await b.getByRole("textbox", { name: "Message" }).click();
    await b.keyboard.type("Yes, gladly.");
    await b.getByRole("button", { name: "Send Message" }).click();
    await expect(
      b.getByRole("main").locator(".conversationMessage", { hasText: "Yes, gladly." }),
    ).toBeVisible();

    // A sees the answer.
    await a.goto(conversationUrl);
    await expect(a.getByRole("main")).toContainText("Yes, gladly.");

    // A third member may not read it.
    const denied = await carol.page.goto(conversationUrl);
    expect([403, 404]).toContain(denied?.status());
    await expect(carol.page.getByRole("main")).not.toContainText("Shall we talk about your question?");
    await expect(
      carol.page.getByText(
        /You don't have permission to view this resource\.|The page you were looking for could not be found\./,
      ),
    ).toBeVisible();
  } finally {
    await Promise.all([alice.context.close(), bob.context.close(), carol.context.close()]);
  }
});
