import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  FIXTURE_TOKEN,
  startVanillaFixture,
} from "../../applications/importers/server/vanilla/vanillaFixtureServer";
import { expect, test } from "./fixtures";
import { forumCommand, startSiteServer } from "./otherSite";
import { extraServerPort } from "./servers";

test("a community imported from another forum shows its members' photos, signatures and threaded replies", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const oldSite = await startVanillaFixture();
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "forum-e2e-imported-"));
  const port = extraServerPort(test.info().parallelIndex);
  let server: ChildProcess | null = null;
  const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
  try {
    // The operator imports the old site from the command line into a new site, then starts it.
    const dataDir = path.join(fresh, "data");
    const report = await forumCommand(
      ["import", "vanilla", "--from", oldSite.url, "--token", FIXTURE_TOKEN],
      dataDir,
    );
    expect(report).toContain("photos copied: 1");
    expect(report).toContain("photo not copied: the source answered HTTP 404");
    server = await startSiteServer(dataDir, port);

    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "How do I install it?" }).first().click();
    const main = page.getByRole("main");

    // Ann's photo came from the old site and is served by this one; her signature is under her post.
    const opening = main.locator('[id^="Discussion_"]');
    const photo = opening.locator('img[src*="/uploads/"]').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(6);
    await expect(opening.locator(".signature")).toContainText("Ann, site admin");

    // Threaded, the reply sits under the comment it answered there.
    await main
      .getByRole("navigation", { name: "Reply display" })
      .getByRole("link", { name: "Threaded" })
      .click();
    const answered = main.locator('article[id^="Comment_"]', { hasText: "Try again" });
    await expect(answered.locator(".signature").first()).toContainText("Bob from the lounge");
    const answeredID = ((await answered.getAttribute("id")) ?? "").replace("Comment_", "");
    await expect(page.locator(`#Replies_${answeredID}`).getByText("Again worked, thanks")).toBeVisible();
  } finally {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    await context.close();
    await oldSite.close();
    fs.rmSync(fresh, { recursive: true, force: true });
  }
});
