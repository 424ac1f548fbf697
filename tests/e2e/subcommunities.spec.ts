import { expect, test } from "./fixtures";
import { apiHeaders, originOf, signInAsAdmin } from "./helpers";

test("a manager makes a French subcommunity; a guest reads its home in French with its categories and switches back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const suffix = Date.now().toString(36);
  const slug = `fr${suffix}`;
  const sectionName = `Communauté ${suffix}`;
  const added: string[] = [];
  try {
    await signInAsAdmin(admin, "/");
    const headers = apiHeaders(originOf(admin));
    for (const key of ["subcommunities", "locale-fr"]) {
      const state = await admin.request.get(`/api/v2/addons/${key}`);
      if (((await state.json()) as { enabled: boolean }).enabled) continue;
      const enabled = await admin.request.patch(`/api/v2/addons/${key}`, {
        headers,
        data: { enabled: true },
      });
      expect(enabled.ok()).toBe(true);
      added.push(key);
    }
    const root = await admin.request.post("/api/v2/categories", {
      headers,
      data: { name: `Francophones ${suffix}`, urlcode: `francophones-${suffix}` },
    });
    const rootID = ((await root.json()) as { categoryID: number }).categoryID;
    const child = await admin.request.post("/api/v2/categories", {
      headers,
      data: { name: `Jardinage ${suffix}`, urlcode: `jardinage-${suffix}`, parentCategoryID: rootID },
    });
    expect(child.ok()).toBe(true);
    const childID = ((await child.json()) as { categoryID: number }).categoryID;

    // The manager creates the section in the dashboard; a taken slug is refused under its field first.
    await admin.goto("/dashboard/subcommunities");
    await admin.getByRole("button", { name: "New subcommunity" }).click();
    const form = admin.getByRole("form", { name: "New subcommunity" });
    await form.getByRole("textbox", { name: /Name/ }).fill(sectionName);
    await form.getByRole("textbox", { name: /Slug/ }).fill("discussions");
    await form.getByRole("combobox", { name: /Language/ }).selectOption("fr");
    await form.getByRole("combobox", { name: /Root category/ }).selectOption(String(rootID));
    await form.getByRole("textbox", { name: /Description/ }).fill("Le coin des jardiniers francophones");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("This slug is taken by a page of the site.")).toBeVisible();
    await form.getByRole("textbox", { name: /Slug/ }).fill(slug);
    await form.getByRole("button", { name: "Save" }).click();
    const row = admin.getByRole("row").filter({ hasText: sectionName });
    await expect(row.getByRole("link", { name: `/${slug}/` })).toBeVisible();
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({
      path: test.info().outputPath("subcommunities-dashboard-390.png"),
      fullPage: true,
    });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.screenshot({
      path: test.info().outputPath("subcommunities-dashboard-1280.png"),
      fullPage: true,
    });

    // A guest opens the section: French, its own home, only its categories.
    await guest.goto(`/${slug}/`);
    await expect(guest.locator("html")).toHaveAttribute("lang", "fr");
    await expect(guest.getByRole("heading", { name: sectionName, level: 1 })).toBeVisible();
    await expect(guest.getByText("Le coin des jardiniers francophones")).toBeVisible();
    await expect(guest.getByRole("link", { name: `Jardinage ${suffix}` }).first()).toBeVisible();
    const all = await admin.request.get("/api/v2/categories?outputFormat=flat&limit=100");
    const outside = ((await all.json()) as { categoryID: number; name: string }[]).find(
      (category) => category.categoryID !== rootID && category.categoryID !== childID,
    );
    expect(outside).toBeDefined();
    await expect(guest.getByRole("main").getByRole("link", { name: outside!.name, exact: true })).toHaveCount(
      0,
    );
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.screenshot({ path: test.info().outputPath("subcommunities-home-1280.png"), fullPage: true });
    // On a phone the picker is an icon in the compact title bar.
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.reload();
    await expect(
      guest.getByRole("banner").getByRole("button", { name: "Sous-communautés" }),
    ).not.toContainText(sectionName);
    await guest.screenshot({ path: test.info().outputPath("subcommunities-home-390.png"), fullPage: true });
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.reload();

    // The picker (a keyboard menu) switches back to the site itself, in its own language.
    const picker = guest.getByRole("banner").getByRole("button", { name: "Sous-communautés" });
    await expect(picker).toContainText(sectionName);
    await picker.focus();
    await guest.keyboard.press("Enter");
    const menu = guest.getByRole("menu", { name: "Sous-communautés" });
    await expect(menu.getByRole("menuitem", { name: sectionName })).toBeVisible();
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await guest.screenshot({ path: test.info().outputPath("subcommunities-picker-1280.png") });
    await guest.keyboard.press("Enter");
    await expect(guest).toHaveURL(/\/$/);
    expect(new URL(guest.url()).pathname).toBe("/");
    await expect(guest.locator("html")).toHaveAttribute("lang", "en");
    await expect(guest.getByRole("banner").getByRole("button", { name: "Subcommunities" })).toBeVisible();
  } finally {
    const headers = apiHeaders(originOf(admin));
    const sections = await admin.request.get("/api/v2/subcommunities");
    if (sections.ok())
      for (const section of (await sections.json()) as { siteSectionID: number; slug: string }[])
        if (section.slug === slug)
          await admin.request.delete(`/api/v2/subcommunities/${section.siteSectionID}`, { headers });
    for (const key of added)
      await admin.request.patch(`/api/v2/addons/${key}`, { headers, data: { enabled: false } });
    await Promise.all([adminContext.close(), guestContext.close()]);
  }
});
