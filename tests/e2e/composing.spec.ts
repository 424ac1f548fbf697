import { advanceServerClock, expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  localDraftsText,
  newMember,
  originOf,
  password,
  signIn,
  signInAsAdmin,
} from "./helpers";

const commentBox = (page: Page) =>
  page.getByRole("region", { name: "Leave a comment" }).getByRole("textbox", { name: "Comment" });

test("a reply survives a reload: 'Saved Draft Available.' leads back to it, and posting it removes the draft", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const discussion = await createDiscussionWithComments(page, `Draft thread ${Date.now()}`, 12);
  const member = await newMember(browser, "drafter");
  const { page: memberPage } = member;
  await memberPage.goto(discussion.url);
  await commentBox(memberPage).click();
  await memberPage.keyboard.type("A reply I have not finished");
  // Kept locally within a second: reload as soon as this browser holds it.
  await expect.poll(() => localDraftsText(memberPage)).toContain("A reply I have not finished");
  // The reloaded page opens at its top, the editor out of view: Chromium would otherwise scroll back to the
  // editor once the page has its height, sometimes after a scroll to the top, and no toast is due then.
  await memberPage.evaluate(() => {
    window.history.scrollRestoration = "manual";
  });
  await memberPage.reload();
  await memberPage.evaluate(() => window.scrollTo(0, 0));
  const toast = memberPage.getByText("Saved Draft Available.");
  await expect(toast).toBeVisible();
  await memberPage.screenshot({ path: "test-results/composing-draft-toast.png" });
  await memberPage.getByRole("link", { name: "Navigate to Draft" }).click();
  await expect(memberPage).toHaveURL(/hasDraft=true#create-comment$/);
  await expect(commentBox(memberPage)).toContainText("A reply I have not finished");
  await expect(memberPage.getByText("Saved Draft Available.")).toHaveCount(0);
  await memberPage.keyboard.press("End");
  await memberPage.keyboard.type(", now finished.");
  await memberPage.getByRole("button", { name: "Post Comment" }).click();
  await expect(memberPage).toHaveURL(/#Comment_\d+$/);
  await expect(memberPage.getByRole("main")).toContainText("A reply I have not finished, now finished.");
  // Posted: no draft left, here or on the server.
  await expect(commentBox(memberPage)).not.toContainText("A reply I have not finished");
  const drafts = await memberPage.request.get("/api/v2/drafts");
  expect(await drafts.json()).toEqual([]);
  await member.context.close();
});

test("a draft saved to the server follows the member to another browser after signing out and in", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const discussion = await createDiscussionWithComments(page, `Travelling draft ${Date.now()}`, 1);
  const member = await newMember(browser, "traveller");
  await member.page.goto(discussion.url);
  await commentBox(member.page).click();
  await member.page.keyboard.type("Written on my laptop");
  // Autosave: stable 5 s, then sent.
  await expect
    .poll(
      async () => ((await (await member.page.request.get("/api/v2/drafts")).json()) as unknown[]).length,
      {
        timeout: 10_000,
      },
    )
    .toBe(1);
  await member.page.goto("/entry/signout");
  await member.context.close();

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, member.name, password);
  await other.goto(discussion.url);
  await expect(commentBox(other)).toContainText("Written on my laptop");
  await elsewhere.close();
});

test("the drafts page lists a discussion draft, opens it for editing and deletes it", async ({ browser }) => {
  const member = await newMember(browser, "planner");
  const { page } = member;
  await page.goto("/post/discussion");
  await expect(page.getByRole("toolbar", { name: "Text formatting" })).toBeVisible();
  const title = `Plans ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  // The category picker: typed text searches the categories the member may post in.
  await page.getByRole("combobox", { name: "Category" }).fill("General");
  await page.getByRole("option", { name: "General", exact: true }).click();
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Thoughts for later.");

  // Leaving before the draft reached the server asks first.
  await page.getByRole("banner").getByRole("link").first().click();
  const dialog = page.getByRole("dialog", { name: "Unsaved Changes" });
  await expect(dialog).toContainText(
    "You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/post\/discussion$/);

  await expect
    .poll(async () => ((await (await page.request.get("/api/v2/drafts")).json()) as unknown[]).length, {
      timeout: 10_000,
    })
    .toBe(1);
  await page.goto("/drafts");
  await expect(page.getByRole("heading", { name: "My Drafts" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Thoughts for later.");
  await page.screenshot({ path: "test-results/composing-drafts-page.png" });
  await item.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/post\/editdiscussion\/0\/\d+$/);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("textbox", { name: "Body" })).toContainText("Thoughts for later.");

  await page.goto("/drafts");
  await page.getByRole("button", { name: `Delete: ${title}` }).click();
  await page.getByRole("dialog", { name: "Delete Draft" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("You do not have any drafts.")).toBeVisible();
  await member.context.close();
});

test("an administrator schedules a discussion two minutes ahead and it is published at that time", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const headers = apiHeaders(originOf(page));
  // Schedules may start a minute ahead on this site (default 15).
  const setting = await page.request.patch("/api/v2/config", {
    headers,
    data: { "drafts.scheduling.minimumMinutes": 1 },
  });
  expect(setting.status(), await setting.text()).toBe(204);

  await page.goto("/post/discussion");
  await expect(page.getByRole("toolbar", { name: "Text formatting" })).toBeVisible();
  const title = `Timed announcement ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  // The category picker: typed text searches the categories the member may post in.
  await page.getByRole("combobox", { name: "Category" }).fill("General");
  await page.getByRole("option", { name: "General", exact: true }).click();
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Published by the server, not by me.");
  await page.getByRole("button", { name: "Schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule" });
  // Two minutes from now, to the minute, in the browser's own time zone.
  const when = await page.evaluate(() => {
    const date = new Date(Date.now() + 2 * 60_000);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await dialog.getByLabel(/Publish on/).fill(when);
  await dialog.getByRole("button", { name: "Schedule" }).click();

  await expect(page).toHaveURL(/\/drafts\?status=scheduled$/);
  const item = page.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Publishes");
  await page.screenshot({ path: "test-results/composing-scheduled.png" });
  expect(await (await page.request.get("/api/v2/drafts")).json()).toEqual([]);

  const publishedUrl = async () => {
    const response = await page.request.get("/api/v2/discussions?limit=10&sort=-dateInserted");
    const list = (await response.json()) as { name: string; url: string }[];
    return list.find((discussion) => discussion.name === title)?.url ?? "";
  };
  // Not before its time.
  expect(await publishedUrl()).toBe("");
  // Two minutes pass on the server (its clock moves forward instead of the test waiting): it is published.
  await advanceServerClock(page.request, 2 * 60_000);
  await expect.poll(publishedUrl, { timeout: 30_000, intervals: [500] }).toContain("/discussion/");
  await page.goto("/drafts?status=scheduled");
  await expect(page.getByText("You do not have any drafts.")).toBeVisible();
  await page.goto("/discussions");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("main")).toContainText("Published by the server, not by me.");
});

/** A small PNG (solid colour), made in the page so the test carries no binary fixture. */
async function pngBytes(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d");
      if (context) {
        context.fillStyle = "#c05020";
        context.fillRect(0, 0, w, h);
      }
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    },
    { w: width, h: height },
  );
  return Buffer.from(base64, "base64");
}

test("a member pastes an image into a comment and it appears in the post; a .exe and a too-big file are refused", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const headers = apiHeaders(originOf(page));
  // A 2 MB limit: the too-big file goes to the browser and then to the server, and at 20 MB that alone took most
  // of a minute on a busy machine. The site's own limit comes back at the end.
  const siteLimit = (
    (await (await page.request.get("/api/v2/config?select=upload.maxSize")).json()) as Record<string, number>
  )["upload.maxSize"];
  const limit = await page.request.patch("/api/v2/config", {
    headers,
    data: { "upload.maxSize": 2 * 1024 * 1024 },
  });
  expect(limit.status(), await limit.text()).toBe(204);
  const discussion = await createDiscussionWithComments(page, `Pictures ${Date.now()}`, 0);
  const member = await newMember(browser, "paster");
  const memberPage = member.page;
  await memberPage.goto(discussion.url);
  const box = commentBox(memberPage);
  await box.click();
  await memberPage.keyboard.type("Look at this:");
  const png = await pngBytes(memberPage, 320, 200);
  // Paste an image from the clipboard.
  await box.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "pasted.png", { type: "image/png" }));
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, png.toString("base64"));
  const inserted = box.locator("img");
  await expect(inserted).toBeVisible();
  await expect(inserted).toHaveAttribute("src", /\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.png$/);

  // The toolbar's Upload File refuses a program and a file over the limit with the SPEC texts, before sending them.
  const picker = memberPage.getByTestId("richEditor-filePicker");
  await picker.setInputFiles({
    name: "setup.exe",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("MZ"),
  });
  const uploads = memberPage.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("alert")).toContainText(
    "The uploaded file did not have an allowed extension. Only the following extensions are allowed. jpg, jpeg, gif, png",
  );
  await uploads.getByRole("button", { name: "Dismiss" }).click();
  await picker.setInputFiles({
    name: "huge.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
  });
  await expect(uploads.getByRole("alert")).toHaveText("The uploaded file was too big (max 2 MB).");
  await memberPage.screenshot({ path: "test-results/composing-uploads.png" });
  await uploads.getByRole("button", { name: "Dismiss" }).click();
  // The server says the same to a client that does not check first.
  const exe = await memberPage.request.post("/api/v2/media", {
    headers: apiHeaders(originOf(memberPage)),
    multipart: {
      file: { name: "setup.EXE", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    },
  });
  expect(exe.status()).toBe(422);
  const refusal = (await exe.json()) as { errors: { message: string }[] };
  expect(refusal.errors[0]?.message).toContain(
    "The uploaded file did not have an allowed extension. Only the following extensions are allowed. jpg, jpeg, gif, png",
  );
  const huge = await memberPage.request.post("/api/v2/media", {
    headers: apiHeaders(originOf(memberPage)),
    multipart: {
      file: { name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) },
    },
  });
  expect(huge.status()).toBe(413);
  expect(((await huge.json()) as { message: string }).message).toBe(
    "The uploaded file was too big (max 2 MB).",
  );

  // Any other allowed file goes in as a link named after it.
  await picker.setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 notes"),
  });
  await expect(box.getByRole("link", { name: "notes.pdf" })).toBeVisible();

  await memberPage.getByRole("button", { name: "Post Comment" }).click();
  await expect(memberPage).toHaveURL(/#Comment_\d+$/);
  const posted = memberPage.getByRole("region", { name: "Comments" }).getByRole("article").last();
  const attachment = posted.getByRole("link", { name: "notes.pdf" });
  await expect(attachment).toHaveAttribute("href", /\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.pdf$/);
  await attachment.scrollIntoViewIfNeeded();
  await memberPage.screenshot({ path: "test-results/composing-attachment.png" });
  await expect(posted).toContainText("Look at this:");
  const image = posted.locator(".userContent img");
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
  await member.context.close();
  const restored = await page.request.patch("/api/v2/config", {
    headers,
    data: { "upload.maxSize": siteLimit },
  });
  expect(restored.status(), await restored.text()).toBe(204);
});

test("a member uploads a profile photo on the edit form and it shows on their profile", async ({
  browser,
}) => {
  const member = await newMember(browser, "photographer");
  const { page } = member;
  await page.goto("/profile/edit");
  await expect(page.getByRole("button", { name: "Upload Photo" })).toBeVisible();
  const png = await pngBytes(page, 240, 240);
  await page
    .getByTestId("photoUpload-picker")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByLabel("Photo URL")).toHaveValue(/\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.png$/);
  await page.screenshot({ path: "test-results/composing-photo.png" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  const me = (await (await page.request.get("/api/v2/users/me")).json()) as { photoUrl: string };
  expect(me.photoUrl).toMatch(/\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.png$/);
  const photo = await page.request.get(me.photoUrl);
  expect(photo.headers()["content-type"]).toBe("image/png");
  await member.context.close();
});

test("a Markdown post edited in the rich editor keeps its formatting, mention and link", async ({ page }) => {
  await signInAsAdmin(page);
  const headers = apiHeaders(originOf(page));
  const categories = (await (
    await page.request.get("/api/v2/categories?outputFormat=flat&limit=100")
  ).json()) as {
    categoryID: number;
    name: string;
  }[];
  const general = categories.find((category) => category.name === "General");
  const created = await page.request.post("/api/v2/discussions", {
    headers,
    data: {
      name: `Markdown ${Date.now()}`,
      categoryID: general?.categoryID,
      format: "markdown",
      body: "Hello **world**, thanks @e2eadmin.\n\n> a quote\n\nSee [the docs](https://example.com/docs) and `code`.",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as { discussionID: number; url: string };
  await page.goto(`/post/editdiscussion/${discussion.discussionID}`);
  const body = page.getByRole("textbox", { name: "Body" });
  await expect(body.locator("strong", { hasText: "world" })).toBeVisible();
  await expect(body).not.toContainText("**");
  await body.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Edited.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/discussion\/\d+\//);
  const post = page.locator("article.post-discussion .userContent");
  await expect(post.locator("strong")).toHaveText("world");
  await expect(post).not.toContainText("**");
  await expect(post.locator("a.atMention")).toHaveText("@e2eadmin");
  await expect(post.locator("blockquote")).toContainText("a quote");
  await expect(post.getByRole("link", { name: "the docs" })).toHaveAttribute(
    "href",
    "https://example.com/docs",
  );
  await expect(post.locator("code")).toHaveText("code");
  await expect(post).toContainText("Edited.");
});
