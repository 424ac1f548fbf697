import { expect, test } from "./fixtures";
import { seriousViolations } from "./axe";
import { apiHeaders, newMember, originOf, signInAsAdmin, uniqueName } from "./helpers";

test("an admin adds a navigation item with two children; a member opens its mega menu by keyboard and follows a child; the narrow side panel nests it with Back; an invitation-only site shows no Register", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, "/dashboard/appearance/navigation");
  const origin = originOf(page);
  const headers = apiHeaders(origin);
  const name = uniqueName("Garden");
  try {
    // The admin starts from the built-in entries and adds an item with two children.
    const editor = page.getByRole("region", { name: "Navigation Items" });
    await expect(editor.getByRole("textbox", { name: "Name" }).first()).toHaveValue("Posts");
    await editor.getByRole("button", { name: "Add Item" }).click();
    await editor.getByRole("textbox", { name: "Name" }).nth(2).fill(name);
    await editor.getByRole("textbox", { name: "Link" }).nth(2).fill("/discussions");
    await editor.getByRole("textbox", { name: "Badge" }).nth(2).fill("New");
    await editor.getByRole("button", { name: `Add a child to ${name}` }).click();
    await editor.getByRole("button", { name: `Add a child to ${name}` }).click();
    await editor.getByRole("textbox", { name: "Name" }).nth(3).fill("Every post");
    await editor.getByRole("textbox", { name: "Link" }).nth(3).fill("/discussions");
    await editor.getByRole("textbox", { name: "Name" }).nth(4).fill("Every category");
    await editor.getByRole("textbox", { name: "Link" }).nth(4).fill("/categories");
    await page.screenshot({ path: testInfo.outputPath("navigation-editor-1280.png"), fullPage: true });
    await editor.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("The navigation was saved.")).toBeVisible();
    expect.soft(await seriousViolations(page), "navigation editor").toEqual([]);

    // A member reaches the entry with Tab: focus opens it, Enter moves in, arrows go through, Escape closes.
    const member = await newMember(browser, "Navigator");
    try {
      const memberPage = member.page;
      await memberPage.goto("/");
      const nav = memberPage.getByRole("navigation", { name: "Main" });
      const menuButton = nav.getByRole("button", { name: new RegExp(`^${name}`) });
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await nav.getByRole("link", { name: "Categories", exact: true }).focus();
      await memberPage.keyboard.press("Tab");
      await expect(menuButton).toBeFocused();
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      const panel = nav.getByRole("group", { name });
      await memberPage.keyboard.press("Enter");
      await expect(panel.getByRole("link", { name: new RegExp(`^${name}`) })).toBeFocused();
      await memberPage.keyboard.press("ArrowDown");
      await expect(panel.getByRole("link", { name: "Every post" })).toBeFocused();
      await memberPage.keyboard.press("ArrowDown");
      await expect(panel.getByRole("link", { name: "Every category" })).toBeFocused();
      await memberPage.screenshot({ path: testInfo.outputPath("mega-menu-1280.png") });
      expect.soft(await seriousViolations(memberPage), "open mega menu").toEqual([]);
      await memberPage.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(menuButton).toBeFocused();
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await memberPage.keyboard.press("Enter");
      await memberPage.keyboard.press("ArrowUp");
      await expect(panel.getByRole("link", { name: "Every category" })).toBeFocused();
      await memberPage.keyboard.press("Enter");
      await expect(memberPage).toHaveURL(`${origin}/categories`);

      // Narrow screens: the side panel nests the children behind the entry, with Back.
      await memberPage.setViewportSize({ width: 390, height: 844 });
      await memberPage.getByRole("banner").getByRole("button", { name: "Site Navigation" }).click();
      const sidePanel = memberPage.getByRole("dialog", { name: "Site Navigation" });
      await sidePanel.getByRole("button", { name: `Open ${name}` }).click();
      await expect(sidePanel.getByRole("link", { name: "Every category" })).toBeVisible();
      await expect(sidePanel.getByRole("link", { name: "Posts", exact: true })).toBeHidden();
      await memberPage.screenshot({ path: testInfo.outputPath("side-panel-nested-390.png") });
      await sidePanel.getByRole("button", { name: "Back" }).click();
      await expect(sidePanel.getByRole("link", { name: "Posts", exact: true })).toBeVisible();
      await expect(sidePanel.getByRole("link", { name: "Every category" })).toBeHidden();
      expect.soft(await seriousViolations(memberPage), "side panel").toEqual([]);
    } finally {
      await member.context.close();
    }

    // Invitation-only: guests see Sign In and no Register, in the bar or the side panel.
    const setMethod = await page.request.patch("/api/v2/config", {
      headers,
      data: { "registration.method": "invitation" },
    });
    expect(setMethod.status()).toBe(204);
    const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const guest = await guestContext.newPage();
      await guest.goto(`${origin}/`);
      const banner = guest.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(banner.getByRole("link", { name: "Register" })).toHaveCount(0);
      await guest.screenshot({ path: testInfo.outputPath("invitation-only-guest-1280.png") });
      await guest.setViewportSize({ width: 390, height: 844 });
      await banner.getByRole("button", { name: "Site Navigation" }).click();
      const guestPanel = guest.getByRole("dialog", { name: "Site Navigation" });
      await expect(guestPanel.getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(guestPanel.getByRole("link", { name: "Register" })).toHaveCount(0);
      await guest.screenshot({ path: testInfo.outputPath("invitation-only-guest-390.png") });
    } finally {
      await guestContext.close();
    }
  } finally {
    await page.request.patch("/api/v2/config", { headers, data: { "registration.method": "basic" } });
    await page.request.delete("/api/v2/navigation?locale=en", { headers });
  }
});
