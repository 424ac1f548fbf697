import { expect, test } from "./fixtures";
import { newMember, password, uniqueName } from "./helpers";

for (const width of [1280, 390]) {
  test(`registration says a name is taken as it is typed and keeps the passwords when only the name was taken (${width} px)`, async ({
    browser,
  }) => {
    const existing = await newMember(browser, "taken");
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto("/entry/register");
      const username = page.getByLabel("Username");
      await page.getByLabel("Email").fill(`${uniqueName("newcomer")}@example.com`);
      await username.fill(existing.name.toUpperCase());
      await expect(page.getByText("The name you entered is already in use by another member.")).toBeVisible();
      await expect(username).toHaveAttribute("aria-invalid", "true");

      // Sent anyway: the form comes back with the name's error and both passwords still typed.
      await page.getByLabel(/^Password/).fill(password);
      await page.getByLabel("Confirm Password").fill(password);
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByText("already in use").first()).toBeVisible();
      await expect(page.getByLabel(/^Password/)).toHaveValue(password);
      await expect(page.getByLabel("Confirm Password")).toHaveValue(password);

      // A free name: the message goes as it is typed, and registering needs nothing else.
      const free = uniqueName("newcomer");
      await page.getByLabel("Username").fill(free);
      await expect(page.getByText("already in use")).toHaveCount(0);
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page).not.toHaveURL(/\/entry\/register/);
      const me = await page.request.get("/api/v2/users/me");
      expect(((await me.json()) as { name: string }).name).toBe(free);
    } finally {
      await context.close();
      await existing.context.close();
    }
  });
}
