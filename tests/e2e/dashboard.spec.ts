import { expect, test } from "./fixtures";
import { apiHeaders, newMember, originOf, signInAsAdmin, titleBarButton } from "./helpers";

test("an administrator opens the dashboard, turns an add-on off and on, and reads the mail outbox", async ({
  browser,
}) => {
  const member = await newMember(browser, "dash");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  // The content policy allows no inline script: nothing on these pages may need one.
  const policyViolations: string[] = [];
  admin.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) policyViolations.push(message.text());
  });
  try {
    await signInAsAdmin(admin, "/");
    // The My Account menu's Dashboard link opens the dashboard (it was a 404).
    await titleBarButton(admin, "My Account").click();
    await admin.getByRole("menuitem", { name: "Dashboard" }).click();
    await expect(admin).toHaveURL(/\/dashboard$/);
    const nav = admin.getByRole("navigation", { name: "Dashboard" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(admin.getByText("Database", { exact: true })).toBeVisible();

    // Add-ons: Conversations is on; the member has a Messages menu and its API.
    await nav.getByRole("link", { name: "Addons" }).click();
    await expect(admin).toHaveURL(/\/dashboard\/addons$/);
    const conversations = admin.getByRole("row").filter({ hasText: "Conversations" });
    await expect(conversations.getByText("Enabled", { exact: true })).toBeVisible();
    await member.page.goto("/");
    await expect(titleBarButton(member.page, "Messages")).toBeVisible();

    // Disabled: the Messages menu and the messages API are gone for everyone.
    await conversations.getByRole("button", { name: "Disable Conversations" }).click();
    await expect(conversations.getByText("Disabled", { exact: true })).toBeVisible();
    await expect(admin.getByText("Disabled: Conversations")).toBeVisible();
    await member.page.reload();
    await expect(titleBarButton(member.page, "My Account")).toBeVisible();
    await expect(titleBarButton(member.page, "Messages")).toHaveCount(0);
    expect((await member.page.request.get("/api/v2/conversations")).status()).toBe(404);

    // Enabled again: back for everyone.
    await conversations.getByRole("button", { name: "Enable Conversations" }).click();
    await expect(conversations.getByText("Enabled", { exact: true })).toBeVisible();
    await member.page.reload();
    await expect(titleBarButton(member.page, "Messages")).toBeVisible();
    expect((await member.page.request.get("/api/v2/conversations")).status()).toBe(200);

    // An add-on's declared settings, as a form: enable Example, change its greeting, save.
    const example = admin.getByRole("row").filter({ hasText: "Example" });
    await example.getByRole("button", { name: "Enable Example" }).click();
    await example.getByRole("button", { name: "Example settings" }).click();
    const settings = admin.getByRole("form", { name: "Example" });
    const greeting = settings.getByLabel("Greeting shown on discussion pages");
    await expect(greeting).toHaveValue("Welcome to the discussion!");
    await greeting.fill("Hello from the dashboard");
    await expect(settings.getByText("You have unsaved changes")).toBeVisible();
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(settings.getByText("You have unsaved changes")).toHaveCount(0);
    const config = await admin.request.get("/api/v2/config?select=example.greeting");
    expect(await config.json()).toEqual({ "example.greeting": "Hello from the dashboard" });
    // Put the default back: other browser tests show the example's greeting.
    const restored = await admin.request.patch("/api/v2/config", {
      headers: apiHeaders(originOf(admin)),
      data: { "example.greeting": "Welcome to the discussion!" },
    });
    expect(restored.status()).toBe(204);
    await example.getByRole("button", { name: "Disable Example" }).click();
    await expect(example.getByText("Disabled", { exact: true })).toBeVisible();

    // Mail outbox: a reset link for the member, readable and clickable without SMTP.
    const reset = await member.page.request.post("/api/v2/users/request-password", {
      headers: apiHeaders(originOf(member.page)),
      data: { email: member.name },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
    await nav.getByRole("link", { name: "Mail Outbox" }).click();
    await admin
      .locator("summary", { hasText: /password/i })
      .first()
      .click();
    await expect(admin.getByRole("link", { name: /\/entry\/passwordreset\// }).first()).toBeVisible();

    // Jobs: the notification and mail jobs that ran, filterable by state.
    await nav.getByRole("link", { name: "Jobs" }).click();
    await expect(admin.getByRole("table")).toBeVisible();
    await admin.getByLabel("Status").selectOption("dead");
    await expect(admin).toHaveURL(/status=dead/);

    // The audit log holds the add-on changes and the settings change (other browser tests on this server
    // change settings too, so at least these).
    await nav.getByRole("link", { name: "Audit Log" }).click();
    await expect(admin.getByRole("row").filter({ hasText: "addons.patch" }).first()).toBeVisible();
    await expect
      .poll(() => admin.getByRole("row").filter({ hasText: "addons.patch" }).count())
      .toBeGreaterThanOrEqual(4);
    await expect
      .poll(() => admin.getByRole("row").filter({ hasText: "config.patch" }).count())
      .toBeGreaterThanOrEqual(2);
    expect(policyViolations).toEqual([]);
  } finally {
    await adminContext.close();
    await member.context.close();
  }
});

test("on a phone the dashboard's screens fit the screen, the navigation above each section", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin, "/dashboard");
    for (const [path, heading] of [
      ["/dashboard", "Dashboard"],
      ["/dashboard/settings/general", "General"],
      ["/dashboard/members", "Members"],
      ["/dashboard/categories", "Categories"],
      ["/dashboard/backups", "Backups"],
    ] as const) {
      await admin.goto(path);
      const title = admin.getByRole("heading", { level: 1, name: heading });
      await expect(title).toBeVisible();
      // Wide tables scroll inside their frame; nothing (screen-reader-only text included) widens the page.
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      // The section starts within the first screen, below the navigation.
      const box = await title.boundingBox();
      expect(box?.y ?? Infinity, path).toBeLessThan(480);
    }
  } finally {
    await context.close();
  }
});
