import { expect, test, type Page } from "./fixtures";
import { seriousViolations } from "./axe";
import {
  apiHeaders,
  createDiscussionWithComments,
  newMember,
  originOf,
  password,
  signInAsAdmin,
} from "./helpers";

/** The footer's language picker, by its label in the page's language. */
function languagePicker(page: Page, label: string) {
  return page.getByRole("contentinfo").getByRole("combobox", { name: label });
}

/**
 * Chooses a language in the footer and waits for the page to come back in it. The picker saves the choice, then
 * reloads: the wait is for that load event (waiting for the page's own URL resolved at once, before the reload, and
 * on a busy machine the save alone can outlast an assertion's 5 s).
 */
async function chooseLanguage(page: Page, label: string, language: string, lang: string): Promise<void> {
  const reloaded = page.waitForEvent("load");
  await languagePicker(page, label).selectOption({ label: language });
  await reloaded;
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

test("a guest reads the site in French, then mirrored in Arabic, then in English; a member's choice stays with them", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const headers = apiHeaders(originOf(admin));
  const addons = (await (await admin.request.get("/api/v2/addons?type=locale")).json()) as {
    addonID: string;
    enabled: boolean;
  }[];
  const wasEnabled = new Set(addons.filter((addon) => addon.enabled).map((addon) => addon.addonID));
  const guestContext = await browser.newContext();
  try {
    for (const key of ["locale-fr", "locale-ar"]) {
      const enabled = await admin.request.patch(`/api/v2/addons/${key}`, {
        headers,
        data: { enabled: true },
      });
      expect(enabled.ok(), await enabled.text()).toBe(true);
    }

    // The dashboard lists the languages the site now offers, with the default among them.
    await admin.goto("/dashboard/settings/locales");
    const defaultLanguage = admin.getByRole("combobox", { name: "Default language" });
    await expect(defaultLanguage).toHaveValue("en");
    await expect(defaultLanguage.getByRole("option")).toHaveText(["English", "Arabic", "French"]);
    await expect(admin.getByRole("checkbox", { name: "Translate content into French" })).toBeChecked();
    expect(await seriousViolations(admin, ".localesSection")).toEqual([]);

    // A guest picks French in the footer: the page comes back in French, its dates in French.
    const guest = await guestContext.newPage();
    await guest.goto("/discussions");
    await expect(guest.locator("html")).toHaveAttribute("dir", "ltr");
    await chooseLanguage(guest, "Language", "Français", "fr");
    await expect(guest.getByRole("link", { name: "Aller au contenu" })).toBeAttached();
    await expect(guest.getByRole("banner").getByRole("link", { name: "Se connecter" }).first()).toBeVisible();
    await expect(guest.getByRole("heading", { name: "Discussions récentes" }).first()).toBeVisible();
    const firstDate = guest.locator("main time").first();
    await expect(firstDate).toHaveText(/il y a|à l’instant|à l'instant/);
    await expect(firstDate).toHaveAttribute("title", /\d{4}/);
    expect(await seriousViolations(guest, ".pageFooter")).toEqual([]);
    await guest.screenshot({ path: testInfo.outputPath("locale-fr-1280.png"), fullPage: true });

    // Without JavaScript the server already writes a discussion's dates in French (Intl, as the page script would).
    const discussion = await createDiscussionWithComments(admin, "Notes de la semaine", 0);
    const arabicComment = "مرحبا بالجميع، هذا تعليق باللغة العربية.";
    const commented = await admin.request.post("/api/v2/comments", {
      headers,
      data: { discussionID: discussion.discussionID, body: arabicComment, format: "markdown" },
    });
    expect(commented.status(), await commented.text()).toBe(201);
    const path = new URL(discussion.url).pathname;
    const staticContext = await browser.newContext({ javaScriptEnabled: false });
    try {
      await staticContext.addCookies([{ name: "locale", value: "fr", url: originOf(guest) }]);
      const reader = await staticContext.newPage();
      await reader.goto(path);
      await expect(reader.locator("html")).toHaveAttribute("lang", "fr");
      const posted = reader.locator(".post-permalink time").first();
      await expect(posted).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      await expect(posted).toHaveText(/^\d{1,2} [a-zéû]+\.? \d{4}$/);
      await expect(posted).toHaveAttribute("title", /^\d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}$/);
      await reader.screenshot({ path: testInfo.outputPath("locale-fr-nojs-1280.png"), fullPage: true });
      await reader.setViewportSize({ width: 390, height: 844 });
      await reader.screenshot({ path: testInfo.outputPath("locale-fr-nojs-390.png"), fullPage: true });
    } finally {
      await staticContext.close();
    }

    // Arabic: the whole page reads right to left.
    await chooseLanguage(guest, "Langue", "العربية", "ar");
    await expect(guest.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(guest.getByRole("banner").getByRole("link", { name: "دخول" }).first()).toBeVisible();
    await expect(guest.locator("main time").first()).toHaveText(/منذ|قبل|الآن/);
    // Mirrored: the title bar's logo starts on the right.
    const bar = await guest.getByRole("banner").boundingBox();
    const logo = await guest.getByRole("banner").getByRole("link").first().boundingBox();
    expect(bar && logo && logo.x + logo.width / 2 > bar.x + bar.width / 2).toBe(true);
    await guest.screenshot({ path: testInfo.outputPath("locale-ar-1280.png"), fullPage: true });
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.screenshot({ path: testInfo.outputPath("locale-ar-390.png"), fullPage: true });
    await guest.setViewportSize({ width: 1280, height: 800 });

    // And back to English.
    await chooseLanguage(guest, "اللغة", "English", "en");
    await expect(guest.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(guest.getByRole("banner").getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    // An Arabic comment in an English page reads right to left on its own; the English posts around it do not.
    await guest.goto(path);
    const arabicBody = guest.locator(".userContent", { hasText: arabicComment });
    await expect(arabicBody).toHaveAttribute("dir", "auto");
    expect(await arabicBody.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    const englishBody = guest.locator(".userContent", { hasText: "The opening post of" });
    expect(await englishBody.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
    await expect(guest.getByRole("heading", { level: 1, name: "Notes de la semaine" })).toHaveAttribute(
      "dir",
      "auto",
    );
    await arabicBody.scrollIntoViewIfNeeded();
    await guest.screenshot({
      path: testInfo.outputPath("locale-en-arabic-comment-1280.png"),
      fullPage: true,
    });
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.screenshot({ path: testInfo.outputPath("locale-en-arabic-comment-390.png"), fullPage: true });
    await guest.setViewportSize({ width: 1280, height: 800 });

    // A member's choice is kept on their account: a new browser, signed in again, reads in it.
    const member = await newMember(browser, "polyglot");
    await member.page.goto("/discussions");
    await chooseLanguage(member.page, "Language", "Français", "fr");
    await member.context.close();
    const laterContext = await browser.newContext();
    try {
      const later = await laterContext.newPage();
      await later.goto("/entry/signin");
      await later.getByLabel("Email/Username").fill(member.name);
      await later.getByLabel("Password").fill(password);
      await later.getByRole("button", { name: "Sign In" }).click();
      await expect(later.locator("html")).toHaveAttribute("lang", "fr");
      await expect(languagePicker(later, "Langue")).toHaveValue("fr");
      await expect(later.getByRole("banner").getByRole("button", { name: "Mon compte" })).toBeVisible();
    } finally {
      await laterContext.close();
    }
  } finally {
    await guestContext.close();
    for (const key of ["locale-fr", "locale-ar"])
      if (!wasEnabled.has(key))
        await admin.request.patch(`/api/v2/addons/${key}`, { headers, data: { enabled: false } });
    await adminContext.close();
  }
});
