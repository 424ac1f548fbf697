import { expect, test } from "./fixtures";
import { seriousViolations } from "./axe";
import { apiHeaders, originOf, signInAsAdmin, uniqueName } from "./helpers";

test("a site manager with French enabled translates a category's name and a navigation item's, and a French reader sees them", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const headers = apiHeaders(originOf(admin));
  const french = (await (await admin.request.get("/api/v2/addons")).json()) as {
    addonID: string;
    enabled: boolean;
  }[];
  const wasEnabled = french.find((addon) => addon.addonID === "locale-fr")?.enabled ?? false;
  const name = `Seed swaps ${uniqueName("c")}`;
  const created = await admin.request.post("/api/v2/categories", {
    headers,
    data: {
      name,
      urlcode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      description: "Trade the seeds you saved.",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const category = (await created.json()) as { categoryID: number; urlcode: string };
  // The site language's navigation as it was, to put back: a custom item is added for the translator.
  const navigationBefore = (await (await admin.request.get("/api/v2/navigation/edit?locale=en")).json()) as {
    items: unknown[];
    isCustom: boolean;
  };
  const navigationName = `Garden help ${category.categoryID}`;
  try {
    const enabled = await admin.request.patch("/api/v2/addons/locale-fr", {
      headers,
      data: { enabled: true },
    });
    expect(enabled.ok(), await enabled.text()).toBe(true);

    // The dashboard's category list: the translate icon opens the translator, French chosen (English is the source).
    await admin.goto("/dashboard/categories");
    await admin.getByRole("button", { name: `Translate ${name}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Translate ${name}` });
    const language = dialog.getByRole("combobox", { name: "Language" });
    await expect(language).toHaveValue("fr");
    await expect(language.getByRole("option", { name: "English" })).toHaveCount(0);
    const nameRow = dialog.getByRole("row").filter({ hasText: name });
    await expect(nameRow.getByText("Not translated")).toBeVisible();
    await expect(dialog.getByRole("row").filter({ hasText: "Trade the seeds you saved." })).toBeVisible();
    expect(await seriousViolations(admin, ".contentTranslator")).toEqual([]);

    const frenchName = `Échange de graines ${category.categoryID}`;
    await dialog.getByRole("textbox", { name: "Name in French" }).fill(frenchName);
    await expect(dialog.getByText("You have unsaved changes")).toBeVisible();
    await admin.screenshot({ path: testInfo.outputPath("translator-1280.png") });
    // Closing with unsaved edits asks first; staying keeps the text.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    const question = admin.getByRole("dialog", { name: "Unsaved Changes" });
    await expect(question).toContainText("You have unsaved changes and your work will be lost.");
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog.getByRole("textbox", { name: "Name in French" })).toHaveValue(frenchName);

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("You have unsaved changes")).toHaveCount(0);
    await expect(nameRow.getByText("Not translated")).toHaveCount(0);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: testInfo.outputPath("translator-390.png") });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    // The dashboard keeps showing the name as written.
    await expect(admin.getByRole("button", { name: `Translate ${name}` })).toBeVisible();
    await admin.setViewportSize({ width: 1280, height: 720 });

    // The offline glossary, made the default service in Dashboard › Settings › Translation Services, fills the
    // description for the manager to check and save.
    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Translation Services" })
      .click();
    const glossary = admin.getByRole("form", { name: /Glossary/ });
    await expect(glossary.getByText("Not configured")).toBeVisible();
    await glossary
      .getByLabel(/^Glossary/)
      .fill("fr: Trade the seeds you saved. = Échangez les graines que vous gardez.");
    await glossary.getByRole("checkbox", { name: "Use this service to fill translations" }).check();
    await glossary.getByRole("button", { name: "Save" }).click();
    await expect(glossary.getByText("Configured", { exact: true })).toBeVisible();
    expect(await seriousViolations(admin, ".translationServices")).toEqual([]);
    await admin.screenshot({ path: testInfo.outputPath("translation-services-1280.png"), fullPage: true });
    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Categories" })
      .click();
    await admin.getByRole("button", { name: `Translate ${name}` }).click();
    await dialog.getByRole("button", { name: "Fill empty fields with Glossary" }).click();
    const description = dialog.getByRole("textbox", { name: "Description in French" });
    await expect(description).toHaveValue("Échangez les graines que vous gardez.");
    await expect(dialog.getByRole("textbox", { name: "Name in French" })).toHaveValue(frenchName);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("You have unsaved changes")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // A navigation item's name, translated from the navigation editor, shows in French in the title bar.
    const savedNavigation = await admin.request.put("/api/v2/navigation", {
      headers,
      data: {
        locale: "en",
        items: [
          ...navigationBefore.items,
          { id: `garden-help-${category.categoryID}`, name: navigationName, url: "/categories" },
        ],
      },
    });
    expect(savedNavigation.ok(), await savedNavigation.text()).toBe(true);
    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Navigation" })
      .click();
    await admin.getByRole("button", { name: `Translate ${navigationName}` }).click();
    const itemDialog = admin.getByRole("dialog", { name: `Translate ${navigationName}` });
    const frenchItem = `Aide au jardin ${category.categoryID}`;
    await itemDialog.getByRole("textbox", { name: "Name in French" }).fill(frenchItem);
    await admin.screenshot({ path: testInfo.outputPath("navigation-translator-1280.png") });
    await itemDialog.getByRole("button", { name: "Save" }).click();
    // Saved: the form is no longer dirty ("Not translated" went away as soon as the field was filled, so a Cancel
    // after it could land while the save was in flight and be asked about unsaved changes).
    await expect(itemDialog.getByText("You have unsaved changes")).toHaveCount(0);
    await expect(itemDialog.getByText("Not translated")).toHaveCount(0);
    await itemDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(itemDialog).toHaveCount(0);

    // A guest reading in French sees the translation on the category list and the category's page, and the
    // navigation item's in the title bar; English readers still see the names as written.
    const readerContext = await browser.newContext();
    await readerContext.addCookies([{ name: "locale", value: "fr", url: originOf(admin) }]);
    const reader = await readerContext.newPage();
    await reader.goto("/categories");
    await expect(reader.getByRole("link", { name: frenchName }).first()).toBeVisible();
    await expect(
      reader.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: frenchItem }),
    ).toBeVisible();
    await reader.goto(`/categories/${category.urlcode}`);
    await expect(reader.getByRole("heading", { name: frenchName })).toBeVisible();
    await expect(reader.getByText("Échangez les graines que vous gardez.")).toBeVisible();
    await reader.screenshot({ path: testInfo.outputPath("french-reader-1280.png") });
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.screenshot({ path: testInfo.outputPath("french-reader-390.png") });
    await readerContext.close();

    const englishContext = await browser.newContext();
    const english = await englishContext.newPage();
    await english.goto(`/categories/${category.urlcode}`);
    await expect(english.getByRole("heading", { name })).toBeVisible();
    await expect(english.getByText(frenchName)).toHaveCount(0);
    await expect(english.getByRole("link", { name: navigationName })).toBeVisible();
    await englishContext.close();
  } finally {
    await admin.request.delete(`/api/v2/categories/${category.categoryID}`, { headers });
    if (navigationBefore.isCustom)
      await admin.request.put("/api/v2/navigation", {
        headers,
        data: { locale: "en", items: navigationBefore.items },
      });
    else await admin.request.delete("/api/v2/navigation?locale=en", { headers });
    if (!wasEnabled)
      await admin.request.patch("/api/v2/addons/locale-fr", { headers, data: { enabled: false } });
    await adminContext.close();
  }
});
