import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { forumCommand, startSiteServer } from "./otherSite";
import { extraServerPort } from "./servers";
import {
  adminName,
  adminPassword,
  apiHeaders,
  newMember,
  originOf,
  password,
  register,
  signIn,
  signInAsAdmin,
  titleBarButton,
  uniqueName,
  type Member,
} from "./helpers";

/** A 1×1 PNG, for the logo upload. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

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
    await expect(general.getByRole("alert")).toHaveText("This cannot be empty.");

    await title.fill("Gardeners' Corner");
    // A logo uploaded from the form (POST /media) fills the logo's address.
    await general
      .getByLabel("Upload Logo")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PIXEL_PNG });
    await expect(general.getByRole("img", { name: "Current Logo" })).toBeVisible();
    await general.getByRole("button", { name: "Save" }).click();
    await expect(general.getByText("You have unsaved changes")).toHaveCount(0);
    await expect(title).not.toHaveAttribute("aria-invalid", "true");
    const branding = (await (
      await admin.request.get("/api/v2/config?select=branding.logo")
    ).json()) as Record<string, string>;
    expect(branding["branding.logo"]).toMatch(/\.png$/);

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
    await restoreSettings(admin, {
      "garden.title": "Community",
      "registration.method": "basic",
      "branding.logo": "",
    });
    await context.close();
  }
});

test("an administrator creates a role that moderates one category, reviews a change to it and deletes it", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  let moderator: Member | null = null;
  try {
    await signInAsAdmin(admin, "/dashboard/roles");
    await admin.getByRole("link", { name: "New role" }).click();
    await expect(admin).toHaveURL(/\/dashboard\/roles\/new$/);
    await admin.getByLabel(/^Name/).fill("Feature Moderators");
    await admin.getByLabel("Sign in (Global)").check();

    // Feature Requests gets its own permissions; every role keeps its access there.
    await admin
      .getByLabel("Add a category with its own permissions")
      .selectOption({ label: "Feature Requests" });
    const dialog = admin.getByRole("dialog");
    await expect(dialog).toContainText("Give Feature Requests its own permissions?");
    await dialog.getByRole("button", { name: "Give it its own permissions" }).click();
    await expect(admin.getByRole("columnheader", { name: "Feature Requests" })).toBeVisible();
    await admin.getByLabel("Moderate posts (approve, pre-moderation) (Feature Requests)").check();
    await admin.getByLabel("Edit discussions (Feature Requests)").check();
    await admin.getByRole("button", { name: "Create role" }).click();

    const row = admin.getByRole("row").filter({ hasText: "Feature Moderators" });
    await expect(row).toBeVisible();
    const roles = (await (await admin.request.get("/api/v2/roles?expand=permissions")).json()) as Array<{
      roleID: number;
      name: string;
      permissions: Array<{ type: string; id: number | null; permissions: Record<string, boolean> }>;
    }>;
    const created = roles.find((role) => role.name === "Feature Moderators");
    expect(created?.permissions).toContainEqual({
      type: "category",
      id: 5,
      permissions: { "discussions.edit": true, "posts.moderate": true },
    });
    // The members' access to the category is what it was: they can still post there.
    const member = roles.find((role) => role.name === "Member");
    expect(member?.permissions.find((fragment) => fragment.id === 5)?.permissions["discussions.add"]).toBe(
      true,
    );

    // Given to a member from the members screen, the role lets them edit others' discussions in Feature
    // Requests, and nowhere else.
    const headers = apiHeaders(originOf(admin));
    const general = (await (await admin.request.get("/api/v2/categories/general")).json()) as {
      categoryID: number;
    };
    const discussionIn = async (categoryID: number, name: string) => {
      const created = await admin.request.post("/api/v2/discussions", {
        headers,
        data: { name, body: `The opening post of ${name}.`, format: "markdown", categoryID },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { url: string }).url;
    };
    const featureUrl = await discussionIn(5, uniqueName("A feature to moderate "));
    const generalUrl = await discussionIn(general.categoryID, uniqueName("A general topic "));
    moderator = await newMember(browser, "featmod");
    await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Members" }).click();
    const members = admin.getByRole("region", { name: "Members" });
    await members.getByLabel("Search members").fill(moderator.name);
    await members.getByRole("button", { name: "Search" }).click();
    await members.getByRole("button", { name: `Edit ${moderator.name}` }).click();
    const edit = admin.getByRole("dialog", { name: `Edit ${moderator.name}` });
    await edit.getByLabel("Feature Moderators").check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    // That toast goes before the role's own save below says the same.
    const saved = admin.getByText("Your changes have been saved.");
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden();
    await expect(
      members.getByRole("row").filter({ hasText: moderator.name }).getByText("Feature Moderators"),
    ).toBeVisible();
    const moderatorPage = moderator.page;
    const canEdit = async (url: string) => {
      await moderatorPage.goto(new URL(url).pathname);
      await expect(moderatorPage.getByRole("heading", { level: 1 })).toBeVisible();
      const options = moderatorPage.getByRole("main").getByRole("button", { name: "Discussion Options" });
      if ((await options.count()) === 0) return false;
      await options.click();
      const editable = (await moderatorPage.getByRole("menuitem", { name: /^Edit/ }).count()) === 1;
      await moderatorPage.keyboard.press("Escape");
      return editable;
    };
    expect(await canEdit(featureUrl)).toBe(true);
    expect(await canEdit(generalUrl)).toBe(false);
    await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Roles" }).click();

    // A change is reviewed before it is saved; only the changed cell is written.
    await row.getByRole("link", { name: "Edit Feature Moderators" }).click();
    await admin.getByLabel("Edit discussions (Feature Requests)").uncheck();
    await expect(admin.getByText("You have unsaved changes")).toBeVisible();
    await admin.getByRole("button", { name: "Save" }).click();
    const review = admin.getByRole("region", { name: "Review changes" });
    await expect(review).toContainText("1 member has this role.");
    await expect(review).toContainText("Lose Edit discussions (Feature Requests)");
    await review.getByRole("button", { name: "Confirm and save" }).click();
    // The members screen's toast may still be in the page, hidden, as it leaves.
    await expect(admin.getByText("Your changes have been saved.").filter({ visible: true })).toBeVisible();
    await expect(admin.getByRole("button", { name: "Save" })).toBeDisabled();
    await expect(admin.getByText("You have unsaved changes")).toHaveCount(0);
    const grants = (await (
      await admin.request.get(`/api/v2/roles/${created?.roleID}/permissions`)
    ).json()) as Array<{
      id: number | null;
      permissions: Record<string, boolean>;
    }>;
    expect(grants.find((fragment) => fragment.id === 5)?.permissions).toEqual({ "posts.moderate": true });

    await admin.getByRole("link", { name: "Back to roles" }).click();
    await row.getByRole("button", { name: "Delete Feature Moderators" }).click();
    const removeRole = admin.getByRole("dialog");
    await removeRole.getByRole("button", { name: "Delete" }).click();
    // While the dialog is open the page behind it is hidden from the accessibility tree, so the row's count is
    // 0 then too: only the closed dialog says the deletion finished.
    await expect(removeRole).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Audit Log" })
      .click();
    const events = admin.getByRole("table").locator(".dashboardTable-name");
    await expect(events.filter({ hasText: /^roles\.post$/ })).toHaveCount(1);
    await expect(events.filter({ hasText: /^roles\.permissions$/ })).toHaveCount(1);
    await expect(events.filter({ hasText: /^roles\.delete$/ })).toHaveCount(1);
    await expect(events.filter({ hasText: /preview/ })).toHaveCount(0);
  } finally {
    await moderator?.context.close();
    await context.close();
  }
});

test("an administrator approves an applicant, then bans and unbans them from the members screen", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const name = uniqueName("applicant");
  try {
    await signInAsAdmin(admin, "/dashboard/members");
    await restoreSettings(admin, { "registration.method": "approval" });

    // A visitor applies; they cannot sign in until approved.
    await register(visitor, name);
    await visitor.goto(`/entry/signin`);
    await visitor.getByLabel("Email/Username").fill(name);
    await visitor.getByLabel("Password").fill(password);
    await visitor.getByRole("button", { name: "Sign In" }).click();
    await expect(titleBarButton(visitor, "My Account")).toHaveCount(0);

    const section = admin.getByRole("region", { name: "Members" });
    await section.getByLabel("Role").selectOption({ label: "Applicants (waiting for approval)" });
    await section.getByLabel("Search members").fill(name);
    await section.getByRole("button", { name: "Search" }).click();
    const row = admin.getByRole("row").filter({ hasText: name });
    await expect(row.locator(".statusBadge", { hasText: "Applicant" })).toBeVisible();
    await row.getByRole("button", { name: `Approve ${name}` }).click();
    await expect(admin.getByText(`${name} is now a member.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    await signIn(visitor, name, password);
    await section.getByLabel("Role").selectOption({ label: "All roles" });
    const member = admin.getByRole("row").filter({ hasText: name });
    await expect(member.getByRole("cell", { name: "Member", exact: true })).toBeVisible();

    // Banned for a week with a reason: signed out at once.
    await member.getByRole("button", { name: `Ban ${name}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Ban ${name}` });
    await dialog.getByLabel("Reason").fill("Posting spam");
    await dialog.getByLabel("Length").selectOption({ label: "1 week" });
    await dialog.getByRole("button", { name: "Ban" }).click();
    await expect(member.getByText("Banned", { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(titleBarButton(visitor, "My Account")).toHaveCount(0);

    await member.getByRole("button", { name: `Unban ${name}` }).click();
    await expect(member.getByText("Banned", { exact: true })).toHaveCount(0);
    await signIn(visitor, name, password);

    await admin
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Audit Log" })
      .click();
    const events = admin.getByRole("table").locator(".dashboardTable-name");
    await expect(events.filter({ hasText: /^users\.approve$/ }).first()).toBeVisible();
    await expect(events.filter({ hasText: /^users\.ban$/ }).first()).toBeVisible();
  } finally {
    await restoreSettings(admin, { "registration.method": "basic" });
    await context.close();
    await visitorContext.close();
  }
});

test("an administrator creates, nests, reorders and deletes a category in the tree editor", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin, "/dashboard/categories");
    const section = admin.getByRole("region", { name: "Categories" });
    await section.getByRole("button", { name: "New category" }).click();
    const dialog = admin.getByRole("dialog", { name: "New category" });
    await dialog.getByLabel(/^Name/).fill("Seed Swaps");
    await expect(dialog.getByLabel(/^URL code/)).toHaveValue("seed-swaps");
    await dialog.getByLabel("Description").fill("Trade seeds with neighbours.");
    await dialog.getByRole("button", { name: "Create category" }).click();
    await expect(dialog).toHaveCount(0);
    const row = section.getByRole("listitem").filter({ hasText: "Seed Swaps" });
    await expect(row).toBeVisible();

    // Keyboard: into the category above it (the last top-level one), then out again, then up.
    await row.getByRole("button", { name: "Indent Seed Swaps" }).focus();
    await admin.keyboard.press("Enter");
    await expect(row).toHaveAttribute("aria-level", "2");
    await expect(row.getByRole("button", { name: "Outdent Seed Swaps" })).toBeEnabled();
    await row.getByRole("button", { name: "Outdent Seed Swaps" }).click();
    await expect(row).toHaveAttribute("aria-level", "1");
    await row.getByRole("button", { name: "Move Seed Swaps up" }).click();
    // The outdent already announced "Moved Seed Swaps.": wait for this move's own result (no longer the last row)
    // and for the list to settle, or the drag below would start while the move is still being saved.
    await expect(row.getByRole("button", { name: "Move Seed Swaps down" })).toBeEnabled();
    await expect(section.getByRole("list", { name: "Categories" })).not.toHaveAttribute("aria-busy", "true");

    // Drag and drop: inside General.
    const general = section.getByRole("listitem").filter({ hasText: /^⋮⋮General/ });
    // A person's drag: press, move onto the target (twice, so the browser sends its dragover), release.
    await row.locator(".categoryTree-main").hover();
    await admin.mouse.down();
    await general.getByText("Drop inside").hover();
    await general.getByText("Drop inside").hover({ position: { x: 8, y: 8 } });
    await admin.mouse.up();
    await expect(row).toHaveAttribute("aria-level", "2");
    const seedSwaps = (await (await admin.request.get("/api/v2/categories/seed-swaps")).json()) as {
      categoryID: number;
      parentCategoryID: number;
    };
    const generalCategory = (await (await admin.request.get("/api/v2/categories/general")).json()) as {
      categoryID: number;
    };
    expect(seedSwaps.parentCategoryID).toBe(generalCategory.categoryID);

    // Delete, moving its (no) discussions to General.
    await row.getByRole("button", { name: "Delete Seed Swaps" }).click();
    const remove = admin.getByRole("dialog", { name: "Delete Seed Swaps" });
    await expect(remove.getByLabel("Move contents to another category")).toBeChecked();
    await remove.getByRole("button", { name: "Delete" }).click();
    // The open dialog hides the tree from the accessibility tree (its rows count 0 then too): wait for it to close.
    await expect(remove).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect((await admin.request.get("/api/v2/categories/seed-swaps")).status()).toBe(404);
  } finally {
    await context.close();
  }
});

test("an administrator makes a backup with the uploads, and it restores into a fresh data directory with everything intact", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ acceptDownloads: true });
  const admin = await context.newPage();
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "forum-e2e-restored-"));
  const restoredPort = extraServerPort(test.info().parallelIndex);
  let restoredServer: ChildProcess | null = null;
  try {
    // The site has a new name and an uploaded logo.
    await signInAsAdmin(admin, "/dashboard/settings/general");
    const general = admin.getByRole("form", { name: "General" });
    await general.getByLabel("Site title").fill("Backed Up Garden");
    await general
      .getByLabel("Upload Logo")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PIXEL_PNG });
    await expect(general.getByRole("img", { name: "Current Logo" })).toBeVisible();
    await general.getByRole("button", { name: "Save" }).click();
    await expect(general.getByText("You have unsaved changes")).toHaveCount(0);
    const logoUrl = (
      (await (await admin.request.get("/api/v2/config?select=branding.logo")).json()) as Record<
        string,
        string
      >
    )["branding.logo"];
    const logoPath = new URL(logoUrl ?? "", originOf(admin)).pathname;
    const logoBytes = await (await admin.request.get(logoPath)).body();

    await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Backups" }).click();
    await admin.getByRole("button", { name: "Make a backup now" }).click();
    const row = admin
      .getByRole("row")
      .filter({ hasText: /forum-.*\.sqlite\.tar/ })
      .first();
    await expect(row).toContainText("SQLite database and uploads");
    const [download] = await Promise.all([admin.waitForEvent("download"), row.getByRole("link").click()]);
    expect(download.suggestedFilename()).toMatch(/^forum-.*\.sqlite\.tar$/);
    const archive = path.join(fresh, download.suggestedFilename());
    await download.saveAs(archive);

    // Restored from the command line into a fresh data directory, then served.
    const dataDir = path.join(fresh, "data");
    expect(await forumCommand(["restore", archive], dataDir)).toContain("(the database and the uploads)");
    restoredServer = await startSiteServer(dataDir, restoredPort);

    // The restored site: its name, its logo (served from the restored uploads, byte for byte), and the
    // administrator's account with its password, whose dashboard lists the members.
    const restoredContext = await browser.newContext({ baseURL: `http://localhost:${restoredPort}` });
    try {
      const restored = await restoredContext.newPage();
      await signIn(restored, adminName, adminPassword, "/", `http://localhost:${restoredPort}`);
      await expect(restored).toHaveTitle(/Backed Up Garden/);
      await expect(restored.getByRole("banner").getByRole("img", { name: "Backed Up Garden" })).toBeVisible();
      const restoredLogo = await restored.request.get(logoPath);
      expect(restoredLogo.status()).toBe(200);
      expect((await restoredLogo.body()).equals(logoBytes)).toBe(true);
      await restored.goto("/dashboard/members");
      await expect(
        restored.getByRole("region", { name: "Members" }).getByRole("row").filter({ hasText: adminName }),
      ).toBeVisible();
    } finally {
      await restoredContext.close();
    }
  } finally {
    if (restoredServer?.pid) process.kill(-restoredServer.pid, "SIGTERM");
    await restoreSettings(admin, { "garden.title": "Community", "branding.logo": "" });
    await context.close();
    fs.rmSync(fresh, { recursive: true, force: true });
  }
});
