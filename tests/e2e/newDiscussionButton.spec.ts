import { expect, test } from "./fixtures";
import { newMember, password } from "./helpers";

for (const width of [1280, 390]) {
  test(`New Discussion on the home page's first screen and on the lists, a guest's leading to sign-in (${width} px)`, async ({
    browser,
  }) => {
    const guestContext = await browser.newContext({ viewport: { width, height: 800 } });
    const member = await newMember(browser, "starter", { viewport: { width, height: 800 } });
    try {
      // A member: the button is on the first screen of the home page and opens the form.
      const { page } = member;
      await page.goto("/");
      const start = page.getByRole("main").getByRole("link", { name: "New Discussion" });
      await expect(start).toBeInViewport();
      await start.click();
      await expect(page).toHaveURL(/\/post\/discussion$/);
      await expect(page.getByRole("heading", { name: "New Discussion" })).toBeVisible();
      for (const list of ["/discussions", "/categories/general"]) {
        await page.goto(list);
        await expect(page.getByRole("main").getByRole("link", { name: "New Discussion" })).toBeInViewport();
      }

      // A guest: the same button leads to sign-in, and signing in lands on the form of that category.
      const guest = await guestContext.newPage();
      await guest.goto("/");
      await expect(guest.getByRole("main").getByRole("link", { name: "New Discussion" })).toBeInViewport();
      await guest.goto("/categories/general");
      await guest.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
      await expect(guest).toHaveURL(/\/entry\/signin\?Target=%2Fpost%2Fdiscussion%2F\d+$/);
      await guest.getByLabel("Email/Username").fill(member.name);
      await guest.getByLabel("Password").fill(password);
      await guest.getByRole("button", { name: "Sign In" }).click();
      await expect(guest).toHaveURL(/\/post\/discussion\/\d+$/);
      await expect(guest.getByRole("combobox", { name: "Category" })).toHaveValue("General");
    } finally {
      await guestContext.close();
      await member.context.close();
    }
  });
}
