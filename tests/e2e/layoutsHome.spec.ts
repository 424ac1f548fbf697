import { expect, test, type Page } from "./fixtures";
import { seriousViolations } from "./axe";
import { apiHeaders, originOf, signInAsAdmin, uniqueName } from "./helpers";

/** Removes what the test stored: its layouts and fragments, and the home page's flag back off. */
async function cleanUp(page: Page, layoutName: string, fragmentName: string): Promise<void> {
  const headers = apiHeaders(originOf(page));
  const layouts = (await (await page.request.get("/api/v2/layouts")).json()) as {
    layoutID: number;
    name: string;
  }[];
  for (const layout of layouts.filter((row) => row.name === layoutName))
    await page.request.delete(`/api/v2/layouts/${layout.layoutID}`, { headers });
  const fragments = (await (await page.request.get("/api/v2/fragments")).json()) as {
    fragmentUUID: string;
    name: string;
  }[];
  for (const fragment of fragments.filter((row) => row.name === fragmentName))
    await page.request.delete(`/api/v2/fragments/${fragment.fragmentUUID}`, { headers });
  await page.request.patch("/api/v2/config", { headers, data: { "customLayout.home": false } });
}

test("an admin builds a home page with a carousel and a list in two columns; a guest sees and moves them at 1280 and 390 px, and a failing fragment reads 'Error Loading Fragment'", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const layoutName = uniqueName("Community home");
  const fragmentName = uniqueName("Broken widget");
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, "/dashboard/appearance/layouts");
  try {
    // A fragment whose code throws.
    await page.getByLabel("Fragment name").fill(fragmentName);
    await page.getByLabel("JavaScript").fill("throw new Error('This widget is broken.');");
    await page.getByRole("button", { name: "Add fragment" }).click();
    await expect(
      page
        .getByRole("region", { name: "Custom fragments" })
        .getByRole("button", { name: `Edit ${fragmentName}` }),
    ).toBeVisible();

    // The home page is drawn from its layout.
    const home = page.getByRole("region", { name: "Home page", exact: true });
    await home.getByLabel("Draw these pages from their layout").check();
    await expect(home.getByLabel("Draw these pages from their layout")).toBeChecked();

    await page.getByLabel("Page", { exact: true }).selectOption("home");
    await page.getByRole("button", { name: "New layout" }).click();
    await page.getByLabel("Layout name").fill(layoutName);
    await page.getByRole("button", { name: "Remove Section 2" }).click();
    await page.getByLabel("New section").selectOption("twoColumns");
    await page.getByRole("button", { name: "Add section" }).click();

    const section = page.getByRole("region", { name: "Section 2" });
    const main = section.getByRole("list", { name: "Section 2, Main column" });
    const side = section.getByRole("list", { name: "Section 2, Side panel" });
    await section.getByLabel("Widget to add to Section 2, Main column").selectOption("discussions");
    await section.getByRole("button", { name: "Add widget to Section 2, Main column" }).click();
    await main.getByRole("button", { name: "Edit" }).click();
    await main.getByLabel("Title").fill("Trending now");
    await main.getByLabel("Display as").selectOption("carousel");
    await main.getByLabel("Columns").selectOption("2");
    await main.getByRole("button", { name: "Done" }).click();

    await section.getByLabel("Widget to add to Section 2, Main column").selectOption("fragment");
    await section.getByRole("button", { name: "Add widget to Section 2, Main column" }).click();
    const fragmentCard = main.getByRole("listitem", { name: "Custom fragment" });
    await fragmentCard.getByRole("button", { name: "Edit" }).click();
    await fragmentCard.getByLabel("Fragment", { exact: true }).selectOption({ label: fragmentName });
    // The keyboard alternative to dragging: the fragment goes above the carousel and back below it.
    await main.getByRole("button", { name: "Move Custom fragment up" }).click();
    await expect(main.getByRole("listitem").first()).toHaveAttribute("aria-label", "Custom fragment");
    await main.getByRole("button", { name: "Move Custom fragment down" }).focus();
    await page.keyboard.press("Enter");
    await expect(main.getByRole("listitem").first()).toHaveAttribute(
      "aria-label",
      "Discussions: Trending now",
    );

    await section.getByLabel("Widget to add to Section 2, Side panel").selectOption("links");
    await section.getByRole("button", { name: "Add widget to Section 2, Side panel" }).click();
    await side.getByRole("button", { name: "Edit" }).click();
    await side.getByLabel("Title").fill("Helpful links");
    await side.getByLabel("Display as").selectOption("list");
    const firstLink = side.getByRole("group", { name: "Link 1" });
    await firstLink.getByLabel("Name", { exact: true }).fill("Browse the categories");
    await firstLink.getByLabel("URL", { exact: true }).fill("/categories");
    await firstLink.getByLabel("Description", { exact: true }).fill("Every topic in one place");
    await side.getByRole("button", { name: "Add link" }).click();
    const secondLink = side.getByRole("group", { name: "Link 2" });
    await secondLink.getByLabel("Name", { exact: true }).fill("Recent discussions");
    await secondLink.getByLabel("URL", { exact: true }).fill("/discussions");
    await page.screenshot({ path: testInfo.outputPath("layout-editor-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Save and apply" }).click();
    await expect(page.getByText("The layout is saved and applied.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: layoutName })).toContainText("Site default");

    for (const width of [1280, 390] as const) {
      const guestContext = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 900 },
      });
      const guest = await guestContext.newPage();
      await guest.goto(originOf(page) + "/");
      const carousel = guest.getByRole("region", { name: "Trending now, slides" });
      await expect(carousel).toBeVisible();
      const perView = width === 390 ? 1 : 2;
      await expect(carousel.getByRole("link")).toHaveCount(perView);
      const first = await carousel.getByRole("link").first().textContent();

      // Keyboard: Tab to Next, Enter moves on; ArrowLeft comes back.
      const next = carousel.getByRole("button", { name: "Next" });
      await next.focus();
      await expect(next).toBeFocused();
      await guest.keyboard.press("Enter");
      await expect(carousel.getByRole("link").first()).not.toHaveText(first ?? "");
      await guest.keyboard.press("ArrowLeft");
      await expect(carousel.getByRole("link").first()).toHaveText(first ?? "");

      const links = guest.getByRole("region", { name: "Helpful links" });
      await expect(links.getByRole("link", { name: /Browse the categories/ })).toHaveAttribute(
        "href",
        "/categories",
      );
      await expect(links.getByText("Every topic in one place")).toBeVisible();
      await expect(links.getByRole("link", { name: /Recent discussions/ })).toBeVisible();

      await expect(guest.getByRole("alert").filter({ hasText: "Error Loading Fragment" })).toBeVisible();
      await guest.screenshot({ path: testInfo.outputPath(`home-layout-${width}.png`), fullPage: true });
      expect(await seriousViolations(guest)).toEqual([]);
      await guestContext.close();
    }
  } finally {
    await cleanUp(page, layoutName, fragmentName);
  }
});
