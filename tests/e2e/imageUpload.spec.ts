import { expect, test } from "./fixtures";
import { createDiscussionWithComments, newMember, uniqueName } from "./helpers";

/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

for (const width of [1280, 390]) {
  test(`the Image button uploads a picture from the device, the address form second, and closes (${width} px)`, async ({
    browser,
  }) => {
    const member = await newMember(browser, "pictures", { viewport: { width, height: 900 } });
    try {
      const { page } = member;
      const discussion = await createDiscussionWithComments(page, `Pictures ${uniqueName("p")}`, 0);
      await page.goto(discussion.url);
      const composer = page.getByRole("region", { name: "Leave a comment" });
      const box = composer.getByRole("textbox", { name: "Comment" });
      await box.click();
      await page.keyboard.type("Here it is: ");
      await composer
        .getByRole("toolbar", { name: "Text formatting" })
        .getByRole("button", { name: "Image" })
        .click();
      const popover = page.getByRole("dialog", { name: "Insert image" });
      await expect(popover.getByRole("button", { name: "Upload from your device" })).toBeFocused();
      await expect(popover.getByLabel("Image URL")).toBeVisible();

      const chooser = page.waitForEvent("filechooser");
      await popover.getByRole("button", { name: "Upload from your device" }).click();
      await (await chooser).setFiles({ name: "pixel.png", mimeType: "image/png", buffer: PIXEL_PNG });
      await expect(popover).toBeHidden();
      await expect(box.locator('img[src*="/uploads/"]')).toBeVisible();

      await composer.getByRole("button", { name: "Post Comment" }).click();
      const posted = page.locator("article.post-comment", { hasText: "Here it is:" });
      await expect(posted.locator('.userContent img[src*="/uploads/"]')).toBeVisible();
    } finally {
      await member.context.close();
    }
  });
}
