import { expect, test, type Page } from "@playwright/test";
import { apiHeaders, originOf, signInAsAdmin } from "./helpers";

/** Puts settings back through the API: later browser tests expect the default site. */
async function restoreSettings(page: Page, values: Record<string, unknown>): Promise<void> {
  const restored = await page.request.patch("/api/v2/config", {
    headers: apiHeaders(originOf(page)),
    data: values,
  });
  expect(restored.status()).toBe(204);
}

test("an administrator renames the site, turns on approval registration and sends a test email from the settings screens", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin, "/dashboard");
    const nav = admin.getByRole("navigation", { name: "Dashboard" });

    // General: the declared settings as a form; a rename saves and shows on the site.
    await nav.getByRole("link", { name: "General" }).click();
    await expect(admin).toHaveURL(/\/dashboard\/settings\/general$/);
    const general = admin.getByRole("form", { name: "General" });
    const title = general.getByLabel("Site title");
    await expect(title).toHaveValue("Community");
    await expect(general.getByText("The name of the site, in the title bar and page titles.")).toBeVisible();

    // An empty title is refused by the server and the error sits under the field, which takes the focus.
    await title.fill("");
    await expect(general.getByText("You have unsaved changes")).toBeVisible();
    await general.getByRole("button", { name: "Save" }).click();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toBeFocused();
    await expect(general.getByRole("alert")).toContainText("garden.title");

    await title.fill("Gardeners' Corner");
    await general.getByRole("button", { name: "Save" }).click();
    await expect(general.getByText("You have unsaved changes")).toHaveCount(0);
    await expect(title).not.toHaveAttribute("aria-invalid", "true");

    // Registration: approval.
    await nav.getByRole("link", { name: "Registration" }).click();
    const registration = admin.getByRole("form", { name: "Registration" });
    await registration
      .getByLabel("Registration method")
      .selectOption({ label: "Approval: an administrator approves each applicant" });
    await registration.getByRole("button", { name: "Save" }).click();
    await expect(registration.getByText("You have unsaved changes")).toHaveCount(0);
    const config = await admin.request.get("/api/v2/config?select=garden.title,registration.method");
    expect(await config.json()).toEqual({
      "garden.title": "Gardeners' Corner",
      "registration.method": "approval",
    });

    // The renamed site, as a visitor sees it.
    const visitor = await browser.newPage();
    await visitor.goto("/");
    await expect(visitor).toHaveTitle(/Gardeners' Corner/);
    await visitor.close();

    // Email: a test email lands in the outbox (no SMTP host here).
    await nav.getByRole("link", { name: "Email" }).click();
    await expect(admin.getByRole("form", { name: "Email" }).getByLabel("SMTP password")).toHaveAttribute(
      "type",
      "password",
    );
    await admin.getByRole("button", { name: "Send test email" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "is in the outbox" })).toBeVisible();
    await admin.getByRole("link", { name: "Open the mail outbox" }).click();
    await expect(admin).toHaveURL(/\/dashboard\/mail$/);
    await expect(
      admin.getByRole("row").filter({ hasText: "Test email from Gardeners' Corner" }),
    ).toBeVisible();

    // Security: rate limits declared by the applications are there to tune.
    await nav.getByRole("link", { name: "Security" }).click();
    await expect(
      admin
        .getByRole("form", { name: "Security" })
        .getByLabel("Require two-step verification for administrators"),
    ).not.toBeChecked();
    await expect(
      admin
        .getByRole("form", { name: "Security" })
        .getByLabel(/^Rate limit: /)
        .first(),
    ).toBeVisible();

    // Every save and the test email are in the audit log.
    await nav.getByRole("link", { name: "Audit Log" }).click();
    await expect(admin.getByRole("row").filter({ hasText: "config.patch" }).first()).toBeVisible();
    await expect(admin.getByRole("row").filter({ hasText: "dashboard.settings.test-email" })).toHaveCount(1);
  } finally {
    await restoreSettings(admin, { "garden.title": "Community", "registration.method": "basic" });
    await context.close();
  }
});
