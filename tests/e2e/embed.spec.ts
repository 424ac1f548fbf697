import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { apiHeaders, newMember, originOf, password, signInAsAdmin } from "./helpers";

/** A blog on another port of this machine: one static page that pastes the forum's embed code. */
async function startBlog(pageHtml: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith("/2026/hello")) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(pageHtml());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("a blog embeds its post's discussion; a member comments from inside the frame, which grows with it", async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(120_000);
  let loader = "";
  let postUrl = () => "";
  const blog = await startBlog(
    () => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Hello from the blog</title>
      <style>body{font:16px/1.5 Georgia,serif;margin:0 auto;max-width:760px;padding:24px}</style></head>
      <body><h1>Hello from the blog</h1><p>A post on a site of its own, with the forum's comments below.</p>
      <h2>Comments</h2>
      <div data-forum-embed="comments" data-foreign-id="blog-post-hello" data-url="${postUrl()}"></div>
      <script>${loader}</script></body></html>`,
  );
  postUrl = () => `${blog.origin}/2026/hello`;
  const member = await newMember(browser, "embedder");
  let enabled = false;
  let closeReader = async () => {};
  try {
    // The administrator enables the add-on and, in its dashboard section, allows the blog and picks the category.
    await signInAsAdmin(admin, "/dashboard/addons");
    const row = admin.getByRole("row").filter({ hasText: "Embed" });
    await row.getByRole("button", { name: "Enable Embed" }).click();
    await expect(row.getByText("Enabled", { exact: true })).toBeVisible();
    enabled = true;
    await admin.goto("/dashboard/embed");
    await admin.getByRole("textbox", { name: "Allowed domains" }).fill(blog.origin);
    await admin.getByRole("combobox", { name: "Blog comments category" }).selectOption({ label: "General" });
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByRole("status")).toHaveText("Saved");
    await admin.screenshot({ path: test.info().outputPath("embed-dashboard-1280.png"), fullPage: true });
    const settings = await admin.request.get("/api/v2/embed/settings");
    loader = ((await settings.json()) as { loaderScript: string }).loaderScript;

    // A reader opens the blog post as a guest: its discussion is made on this view.
    const readerContext = await browser.newContext();
    closeReader = () => readerContext.close();
    const reader = await readerContext.newPage();
    await reader.setViewportSize({ width: 1280, height: 900 });
    await reader.goto(`${blog.origin}/2026/hello?from=feed`);
    const iframe = reader.locator("[data-forum-embed] iframe");
    await expect(iframe).toHaveAttribute("sandbox", "allow-same-origin allow-scripts allow-forms");
    const frame = reader.frameLocator("[data-forum-embed] iframe");
    await expect(frame.getByRole("heading", { level: 1, name: "Hello from the blog" })).toBeVisible();
    // Chrome-less: no title bar inside the frame.
    await expect(frame.getByRole("banner")).toHaveCount(0);
    const heightOf = async () => (await iframe.boundingBox())?.height ?? 0;
    await expect.poll(heightOf).toBeGreaterThan(200);

    // They sign in inside the frame (the session cookie is SameSite=Lax: the blog and the forum are one site here)
    // and come back to the discussion, still chrome-less.
    await frame.getByRole("link", { name: "Sign In" }).click();
    await frame.getByLabel("Email/Username").fill(member.name);
    await frame.getByLabel("Password").fill(password);
    await frame.getByRole("button", { name: "Sign In" }).click();
    await expect(frame.getByRole("heading", { level: 1, name: "Hello from the blog" })).toBeVisible();
    await expect(frame.getByRole("banner")).toHaveCount(0);
    await expect.poll(heightOf).toBeGreaterThan(200);
    const before = await heightOf();

    const composer = frame.getByRole("region", { name: "Leave a comment" });
    await composer.getByRole("textbox", { name: "Comment" }).click();
    await reader.keyboard.type(
      "Posted from inside the blog's frame.\n\nA second paragraph.\n\nAnd a third one.",
    );
    await composer.getByRole("button", { name: "Post Comment" }).click();
    const comments = frame.getByRole("region", { name: "Comments" }).getByRole("article");
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText("Posted from inside the blog's frame.");
    await expect(comments.first()).toContainText(member.name);
    // The parent follows the content's height (within 80vh).
    await expect.poll(heightOf).toBeGreaterThan(before);
    expect(await heightOf()).toBeLessThanOrEqual(900 * 0.8 + 1);
    await reader.screenshot({ path: test.info().outputPath("embed-blog-1280.png"), fullPage: true });
    await reader.setViewportSize({ width: 390, height: 844 });
    await expect(reader.locator("[data-forum-embed]")).toHaveClass(/forumEmbed-small/);
    await reader.screenshot({ path: test.info().outputPath("embed-blog-390.png"), fullPage: true });

    // A link to another domain (the post itself, from the discussion's opening post) leaves the frame: the parent
    // navigates the whole page there.
    await reader.setViewportSize({ width: 1280, height: 900 });
    await frame.locator(".userContent").getByRole("link", { name: "Hello from the blog" }).first().click();
    await expect(reader).toHaveURL(postUrl());
    await expect(frame.getByRole("heading", { level: 1, name: "Hello from the blog" })).toBeVisible();

    // A second view finds the same discussion: one discussion for the post, with the member's comment.
    const discussions = await admin.request.get("/api/v2/discussions?limit=30");
    const named = ((await discussions.json()) as { name: string; countComments: number }[]).filter(
      (discussion) => discussion.name === "Hello from the blog",
    );
    expect(named).toHaveLength(1);
    expect(named[0]?.countComments).toBe(1);
  } finally {
    if (enabled)
      await admin.request.patch("/api/v2/addons/embed", {
        data: { enabled: false },
        headers: apiHeaders(originOf(admin)),
      });
    await member.context.close();
    await closeReader();
    await blog.close();
  }
});
