import { expect, test, type Locator, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  titleBarButton,
  uniqueName,
} from "./helpers";

const WIDTHS = [1280, 390] as const;

const viewportOf = (width: number) => ({ width, height: width === 390 ? 844 : 900 });

/**
 * Watches a button from the page (through page.evaluate, which the CSP does not govern): records every moment it
 * said aria-expanded="true" while the element it controls was missing or hidden.
 */
async function watchExpanded(button: Locator): Promise<() => Promise<string[]>> {
  await button.evaluate((element) => {
    const seen: string[] = [];
    const check = () => {
      if (element.getAttribute("aria-expanded") !== "true") return;
      const controls = element.getAttribute("aria-controls");
      const panel = controls ? document.getElementById(controls) : null;
      const box = panel?.getBoundingClientRect();
      if (!panel || !box || box.width === 0 || box.height === 0)
        seen.push(`expanded with ${controls ?? "no aria-controls"} not visible`);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    (window as unknown as { expandedProblems: string[] }).expandedProblems = seen;
  });
  return () => button.evaluate(() => (window as unknown as { expandedProblems: string[] }).expandedProblems);
}

async function expectExpandsOnlyWhenVisible(page: Page, button: Locator, panelName: string) {
  await expect(button).toHaveAttribute("aria-expanded", "false");
  const problems = await watchExpanded(button);
  await button.click();
  const panel = page.getByRole("menu", { name: panelName });
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  expect(await panel.getAttribute("id")).toBe(await button.getAttribute("aria-controls"));
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  expect(await problems()).toEqual([]);
}

for (const width of WIDTHS) {
  test(`an edited comment reads as text; Share and Discussion Options say expanded only with their panel shown (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const member = await newMember(browser, "edited", { viewport: viewportOf(width) });
    const { page } = member;
    try {
      const discussion = await createDiscussionWithComments(page, `Edited words ${uniqueName("d")}`, 1);
      await page.goto(discussion.url);
      const comment = page.locator("article.post-comment", { hasText: "Comment number 1" });
      await expect(comment).toBeVisible();
      await comment.getByRole("button", { name: "Edit" }).click();
      const editor = comment.getByRole("textbox", { name: "Edit Comment" });
      await expect(editor).toContainText("Comment number 1");
      const editorText = editor.getByText("Comment number 1");
      const typed = await editorText.evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, fontStyle: style.fontStyle, opacity: style.opacity };
      });
      const body = await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return { color: style.color };
      });
      expect(typed).toEqual({ color: body.color, fontStyle: "normal", opacity: "1" });
      await editor.click();
      await page.keyboard.press("End");
      await page.keyboard.type(", edited");
      await comment.getByRole("button", { name: "Save Comment" }).click();
      const edited = page.locator("article.post-comment", { hasText: "Comment number 1, edited" });
      await expect(edited).toBeVisible();
      const shown = await edited
        .locator(".userContent")
        .getByText("Comment number 1, edited")
        .evaluate((element) => {
          const style = getComputedStyle(element);
          return { color: style.color, fontStyle: style.fontStyle };
        });
      expect(shown).toEqual({ color: body.color, fontStyle: "normal" });

      // By CSS, not role: on a phone the page behind an open sheet is hidden from the accessibility tree.
      const original = page.locator("article.post-discussion");
      await expectExpandsOnlyWhenVisible(
        page,
        original.locator("button.flyout-button", { hasText: "Share" }),
        "Share",
      );
      await expectExpandsOnlyWhenVisible(
        page,
        page.locator('button.flyout-button[aria-label="Discussion Options"]').first(),
        "Discussion Options",
      );
    } finally {
      await member.context.close();
    }
  });

  test(`the messages menu shows who wrote last; the participants are underlined links (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const writer = await newMember(browser, "writer", { viewport: viewportOf(width) });
    const reader = await newMember(browser, "reader", { viewport: viewportOf(width) });
    try {
      const readerID = await currentUserID(reader.page);
      const created = await writer.page.request.post("/api/v2/conversations", {
        headers: apiHeaders(originOf(writer.page)),
        data: {
          participantUserIDs: [readerID],
          name: "Picnic on Sunday",
          initialBody: "Bring the blue blanket.",
          initialFormat: "markdown",
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { url } = (await created.json()) as { url: string };

      await reader.page.goto("/");
      if (width === 390) {
        await titleBarButton(reader.page, "My Account").click();
        await reader.page.getByRole("tab", { name: /^Messages/ }).click();
      } else {
        await titleBarButton(reader.page, "Messages").click();
      }
      const item = reader.page
        .getByRole("list", { name: "Messages" })
        .getByRole("listitem")
        .filter({ hasText: "Picnic on Sunday" });
      await expect(item).toBeVisible();
      await expect(item.locator(".messagesMenu-author")).toHaveText(`${writer.name}:`);
      await expect(item).toContainText("Bring the blue blanket.");
      const photo = item.locator("img.messagesMenu-photo");
      await expect(photo).toBeVisible();
      expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true);

      await reader.page.goto(new URL(url, originOf(reader.page)).pathname);
      const link = reader.page
        .locator(".conversationParticipants-line, .conversationPage-participants")
        .getByRole("link", { name: writer.name });
      await expect(link).toBeVisible();
      expect(await link.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
        "underline",
      );
    } finally {
      await writer.context.close();
      await reader.context.close();
    }
  });

  test(`search filters ${width === 390 ? "fold behind a Filters button" : "stay in view"} (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: viewportOf(width) });
    const page = await context.newPage();
    try {
      await page.goto("/search?query=welcome");
      const sort = page.getByRole("combobox", { name: "Sort by" });
      const toggle = page.getByRole("button", { name: "Filters" });
      if (width === 1280) {
        await expect(sort).toBeVisible();
        await expect(toggle).toBeHidden();
      } else {
        await expect(toggle).toBeVisible();
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(sort).toBeHidden();
        await toggle.focus();
        await page.keyboard.press("Enter");
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        await expect(sort).toBeVisible();
        const panelID = await toggle.getAttribute("aria-controls");
        expect(panelID).not.toBeNull();
        await expect(page.locator(`[id="${panelID}"]`)).toContainText("Sort by");
        await sort.selectOption({ label: "Newest" });
        await expect(page).toHaveURL(/sort=-dateInserted/);
      }
    } finally {
      await context.close();
    }
  });
}
