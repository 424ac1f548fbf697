import { expect, test, type Page } from "./fixtures";
import { seriousViolations } from "./axe";
import { apiHeaders, originOf, signInAsAdmin, uniqueName } from "./helpers";

async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect.soft(await seriousViolations(page), path).toEqual([]);
}

function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const DARK_PAGE = "rgb(13, 17, 23)";
const LIGHT_PAGE = "rgb(245, 247, 250)";

test("a site manager makes a dark theme, previews it, applies it and restores an older revision; axe passes in light and dark", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, "/dashboard/appearance/style-guides");
  const origin = originOf(page);
  const name = uniqueName("Night");
  try {
    // The theme add-ons are listed; the dark one is the template of a new theme.
    const cards = page.getByRole("list", { name: "Themes" });
    await expect(cards.getByRole("listitem", { name: "Light" })).toContainText("Current theme");
    await cards.getByRole("listitem", { name: "Dark" }).getByRole("link", { name: "Copy" }).click();
    await page.getByRole("textbox", { name: /Theme name/ }).fill(name);
    const preview = page.getByRole("region", { name: "Live preview" });
    const colors = page.getByRole("group", { name: "Colors" });
    await expect(colors.getByRole("textbox", { name: "Primary color", exact: true })).toHaveValue("#6cb4ff");
    await colors.getByRole("textbox", { name: "Links", exact: true }).fill("#9ccbff");
    await expect(preview).toHaveAttribute("style", /--color-link: #9ccbff/);
    await page.screenshot({ path: testInfo.outputPath("theme-editor-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const card = cards.getByRole("listitem", { name });
    await expect(card).toBeVisible();

    // A second save is a second revision.
    await card.getByRole("link", { name: "Edit" }).click();
    await page
      .getByRole("group", { name: "Title Bar" })
      .getByRole("textbox", { name: "Title bar background", exact: true })
      .fill("#1f2d3d");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(card).toBeVisible();

    // Preview: only this manager sees it, with the toast.
    await card.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(`${origin}/`);
    const toast = page.getByRole("region", { name: "Theme preview" });
    await expect(toast).toContainText(`You are previewing the ${name} theme.`);
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await page.screenshot({ path: testInfo.outputPath("theme-preview-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("theme-preview-390.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`${origin}/`);
    expect(await pageBackground(guest)).toBe(LIGHT_PAGE);

    // Apply: every reader gets it.
    await toast.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/dashboard\/appearance\/style-guides$/);
    await expect(cards.getByRole("listitem", { name })).toContainText("Current theme");
    await guest.reload();
    expect(await pageBackground(guest)).toBe(DARK_PAGE);
    await expectAccessible(guest, `${origin}/`);
    await expectAccessible(guest, `${origin}/discussions`);
    await expectAccessible(page, `${origin}/dashboard/appearance/style-guides`);

    // Restore the first revision: previewed with the toast's Restore, landing on the revisions page.
    await page.goto(`${origin}/dashboard/appearance/style-guides`);
    await cards.getByRole("listitem", { name }).getByRole("link", { name: "Revisions" }).click();
    const revisions = page.getByRole("table");
    await expect(revisions.getByRole("row")).toHaveCount(3);
    await revisions.getByRole("button", { name: /^Preview Revision/ }).click();
    await page.waitForURL(`${origin}/`);
    await toast.getByRole("button", { name: "Restore" }).click();
    await page.waitForURL(/\/dashboard\/appearance\/style-guides\/\d+\/revisions$/);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(2)).toContainText("Active");
    await expect(rows.nth(1)).not.toContainText("Active");
    await page.screenshot({ path: testInfo.outputPath("theme-revisions-1280.png") });
    await guest.reload();
    // The first revision had no title bar colour of its own.
    expect(
      await guest.evaluate(
        () => getComputedStyle(document.querySelector(".titleBar") ?? document.body).backgroundColor,
      ),
    ).not.toBe("rgb(31, 45, 61)");

    // A guest's own choice: light on the dark site, kept by a cookie.
    await Promise.all([
      guest.waitForResponse(
        (response) => response.url().endsWith("/api/v2/themes/color-scheme") && response.ok(),
      ),
      guest.getByRole("combobox", { name: "Color scheme" }).selectOption("Light"),
    ]);
    await expect.poll(() => pageBackground(guest)).toBe(LIGHT_PAGE);
    await guest.reload();
    await expect(guest.getByRole("combobox", { name: "Color scheme" })).toHaveValue("light");
    await guestContext.close();
  } finally {
    await page.request.put("/api/v2/themes/preview", { data: { themeID: "" }, headers: apiHeaders(origin) });
    await page.request.put("/api/v2/themes/current", {
      data: { themeID: "theme-light" },
      headers: apiHeaders(origin),
    });
  }
  // And the light theme again.
  await expectAccessible(page, `${origin}/`);
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);
});
