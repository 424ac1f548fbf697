import { expect, test } from "./fixtures";
import { register, signInAsAdmin, uniqueName } from "./helpers";

test("a member posts a formatted discussion, comments, quotes, edits; an administrator deletes it", async ({
  page,
  browser,
}) => {
  // Registration, two sign-ins and a dozen page loads: 37 s in a passing CI run, over 60 s once under load.
  test.setTimeout(120_000);
  const name = uniqueName("poster");
  const title = `A formatted post by ${name}`;
  await register(page, name);
  await expect(page.getByRole("banner").getByRole("button", { name: "My Account" })).toBeVisible();

  // Start a discussion with bold text and a bulleted list.
  await page.goto("/post/discussion");
  await expect(page.getByRole("heading", { name: "New Discussion" })).toBeVisible();
  // The rich form replaces the plain (no-JavaScript) one: fill it only once its editor is there.
  const toolbar = page.getByRole("toolbar", { name: "Text formatting" });
  await expect(toolbar).toBeVisible();
  await page.getByLabel("Title").fill(title);
  // The category picker: typed text searches the categories the member may post in.
  await page.getByRole("combobox", { name: "Category" }).fill("General");
  await page.getByRole("option", { name: "General", exact: true }).click();
  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await page.keyboard.type("Plain start and ");
  const bold = toolbar.getByRole("button", { name: "Bold" });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("strong words");
  await page.keyboard.press("ControlOrMeta+B");
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.type(" then plain again.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- first point");
  await page.keyboard.press("Enter");
  await page.keyboard.type("second point");
  await expect(body.locator("strong", { hasText: "strong words" })).toBeVisible();
  await expect(body.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Post Discussion" }).click();

  await expect(page).toHaveURL(/\/discussion\/\d+\//);
  const discussionUrl = page.url();
  const main = page.getByRole("main");
  const original = main.locator("article.post-discussion");
  await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(original.locator(".userContent strong")).toHaveText("strong words");
  await expect(original.locator(".userContent")).toContainText(
    "Plain start and strong words then plain again.",
  );
  const points = original.locator(".userContent ul").getByRole("listitem");
  await expect(points).toHaveText(["first point", "second point"]);

  // Reply with the comment composer.
  const composer = main.getByRole("region", { name: "Leave a comment" });
  await composer.getByRole("textbox", { name: "Comment" }).click();
  await page.keyboard.type("A first reply from the author.");
  await composer.getByRole("button", { name: "Post Comment" }).click();
  await expect(page).toHaveURL(/#Comment_\d+$/);
  const comments = main.getByRole("region", { name: "Comments" }).getByRole("article");
  await expect(comments).toHaveCount(1);
  await expect(comments.first()).toContainText("A first reply from the author.");

  // Quote the original post: the composer receives a quote card, and the posted comment a blockquote.
  await original.getByRole("button", { name: "Quote" }).click();
  await expect(composer.getByText(`${name} wrote:`)).toBeVisible();
  await expect(composer.getByRole("textbox", { name: "Comment" })).toBeFocused();
  await page.keyboard.type("Quoting myself here.");
  await composer.getByRole("button", { name: "Post Comment" }).click();
  await expect(comments).toHaveCount(2);
  const quoting = comments.nth(1);
  await expect(quoting.locator("blockquote")).toContainText(`${name} wrote:`);
  await expect(quoting.locator("blockquote")).toContainText("first point");
  await expect(quoting).toContainText("Quoting myself here.");

  // Edit the first comment within the edit window.
  const first = comments.first();
  await first.getByRole("button", { name: "Edit" }).click();
  const editor = first.getByRole("textbox", { name: "Edit Comment" });
  await expect(editor).toContainText("A first reply from the author.");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("An edited reply.");
  await first.getByRole("button", { name: "Save Comment" }).click();
  await expect(first.locator(".userContent")).toHaveText("An edited reply.");
  await expect(first).not.toContainText("A first reply from the author.");

  // Members may edit their discussion but not delete it (default grants).
  const options = main.getByRole("button", { name: "Discussion Options" });
  await options.click();
  await expect(page.getByRole("menuitem", { name: /^Edit/ })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // An administrator deletes it from the keyboard and lands on the category without it.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin, new URL(discussionUrl).pathname);
    await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const adminOptions = admin.getByRole("button", { name: "Discussion Options" });
    await adminOptions.focus();
    await admin.keyboard.press("Enter");
    await expect(admin.getByRole("menu")).toBeVisible();
    await admin.getByRole("menuitem", { name: "Delete", exact: true }).press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Delete Discussion" });
    await expect(dialog.getByText("Are you sure you want to delete this discussion?")).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(admin).toHaveURL(/\/categories\/general$/);
    await expect(admin.getByRole("heading", { level: 1, name: "General" })).toBeVisible();
    await expect(admin.getByRole("link", { name: title })).toHaveCount(0);
    // Its address now answers 410 Gone (deleted, restorable from the change log), not the discussion.
    const gone = await admin.goto(discussionUrl);
    expect(gone?.status()).toBe(410);
    await expect(admin.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
});
