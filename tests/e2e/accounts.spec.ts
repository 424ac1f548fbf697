import { expect, test } from "./fixtures";
import { password, register, uniqueName } from "./helpers";

test("a guest sees Sign In and Register in the title bar", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Register" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How can we help you?" })).toBeVisible();
});

test("a guest registers, signs out, and signs in again through /entry/signin", async ({ page }) => {
  const name = uniqueName("reader");
  await register(page, name);
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("button", { name: "My Account" })).toBeVisible();

  await banner.getByRole("button", { name: "My Account" }).click();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();

  await page.goto("/entry/signin?Target=%2F");
  await page.getByLabel("Email/Username").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await banner.getByRole("button", { name: "My Account" }).click();
  await expect(page.getByRole("menu").getByText(name)).toBeVisible();
});

test("a wrong password shows the bad-login message", async ({ page }) => {
  await page.goto("/entry/signin");
  await page.getByLabel("Email/Username").fill("nobody-here");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Bad login, double-check your username or password.");
});

test("an unknown route shows Page Not Found", async ({ page }) => {
  const response = await page.goto("/this/route/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you were looking for could not be found.")).toBeVisible();
});

test("the My Account flyout opens from the keyboard and closes with Escape, returning focus", async ({
  page,
}) => {
  await register(page, uniqueName("keys"));
  const button = page.getByRole("banner").getByRole("button", { name: "My Account" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(button).toBeFocused();
});
