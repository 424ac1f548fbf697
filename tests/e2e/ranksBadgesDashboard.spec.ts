import { expect, test } from "./fixtures";
import { apiHeaders, newMember, originOf, signInAsAdmin } from "./helpers";

test("an administrator manages ranks and badges from the dashboard and awards a badge to a member", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await newMember(browser, "awarded");
  const stamp = Date.now();
  // Levels other browser tests do not use (ranks.spec.ts takes 40–90).
  const level = 91 + (stamp % 8);
  const rankName = `Regular ${stamp}`;
  const badgeName = `Helper ${stamp}`;
  let badgesOff = false;
  try {
    // Ranks runs by default: its section is under Members.
    await signInAsAdmin(admin, "/dashboard/ranks");
    await expect(admin.getByRole("heading", { name: "Ranks", level: 1 })).toBeVisible();
    await admin.getByRole("button", { name: "Add Rank" }).click();
    const form = admin.getByRole("dialog", { name: "Add Rank" });
    await form.getByRole("textbox", { name: /Name/ }).fill(rankName);
    await form.getByRole("textbox", { name: /Label/ }).fill("Regular");
    await form.getByRole("spinbutton", { name: /Level/ }).fill(String(level));
    await form.getByRole("spinbutton", { name: "Posts" }).fill("1");
    await form.getByRole("spinbutton", { name: "Days since joining" }).fill("0");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByText(`The rank ${rankName} was added.`)).toBeVisible();
    const row = admin.getByRole("row").filter({ hasText: rankName });
    await expect(row).toContainText("1 posts, 0 days a member");

    // The same level again is refused, with the message beside the field.
    await admin.getByRole("button", { name: "Add Rank" }).click();
    const again = admin.getByRole("dialog", { name: "Add Rank" });
    await again.getByRole("textbox", { name: /Name/ }).fill(`${rankName} again`);
    await again.getByRole("textbox", { name: /Label/ }).fill("Again");
    await again.getByRole("spinbutton", { name: /Level/ }).fill(String(level));
    await again.getByRole("button", { name: "Save" }).click();
    await expect(again.getByText("Another rank has this level.")).toBeVisible();
    await again.getByRole("button", { name: "Cancel" }).click();

    await row.getByRole("button", { name: `Edit ${rankName}` }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Rank" });
    await edit.getByRole("checkbox", { name: "Given by moderators only" }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("Given by moderators");
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.screenshot({ path: test.info().outputPath("ranks-dashboard-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: test.info().outputPath("ranks-dashboard-390.png"), fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole("button", { name: `Delete ${rankName}` }).click();
    await admin.getByRole("dialog", { name: "Delete Rank" }).getByRole("button", { name: "Delete" }).click();
    await expect(admin.getByText(`The rank ${rankName} was deleted.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // Badges is off by default: enabled, its section appears.
    await admin.goto("/dashboard/addons");
    const addon = admin.getByRole("row").filter({ hasText: "Badges" });
    await addon.getByRole("button", { name: "Enable Badges" }).click();
    await expect(addon.getByText("Enabled", { exact: true })).toBeVisible();
    await admin.goto("/dashboard/badges");
    await expect(admin.getByRole("heading", { name: "Badges", level: 1 })).toBeVisible();
    await admin.getByRole("button", { name: "Add Badge" }).click();
    const badgeForm = admin.getByRole("dialog", { name: "Add Badge" });
    await badgeForm.getByRole("textbox", { name: /Name/ }).fill(badgeName);
    await badgeForm.getByRole("textbox", { name: "Description" }).fill("Answers questions kindly.");
    await badgeForm.getByRole("spinbutton", { name: /Points/ }).fill("5");
    await badgeForm.getByRole("button", { name: "Save" }).click();
    const badgeRow = admin.getByRole("row").filter({ hasText: badgeName });
    await expect(badgeRow).toContainText("Awarded by moderators");

    await badgeRow.getByRole("button", { name: `Award ${badgeName}` }).click();
    const award = admin.getByRole("dialog", { name: "Award Badge" });
    await award.getByRole("textbox", { name: /Member/ }).fill(member.name);
    await award.getByRole("textbox", { name: /Reason/ }).fill("Kind answers all week");
    await award.getByRole("button", { name: `Award ${badgeName}` }).click();
    await expect(admin.getByText(`${member.name} was awarded ${badgeName}.`)).toBeVisible();
    await expect(badgeRow.getByRole("cell").nth(3)).toHaveText("1");
    await admin.screenshot({ path: test.info().outputPath("badges-dashboard-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: test.info().outputPath("badges-dashboard-390.png"), fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });

    // The member holds it on their profile.
    await member.page.goto(`/profile/${encodeURIComponent(member.name)}`);
    await expect(
      member.page.getByRole("region", { name: "Badges" }).getByRole("link", { name: new RegExp(badgeName) }),
    ).toBeVisible();

    await badgeRow.getByRole("button", { name: `Delete ${badgeName}` }).click();
    const confirm = admin.getByRole("dialog", { name: "Delete Badge" });
    await expect(confirm).toContainText(`1 members hold ${badgeName}; they lose it and its points.`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(badgeRow).toHaveCount(0);

    // Switched off, the section is gone from the dashboard.
    await admin.goto("/dashboard/addons");
    await addon.getByRole("button", { name: "Disable Badges" }).click();
    await expect(addon.getByText("Disabled", { exact: true })).toBeVisible();
    badgesOff = true;
    await admin.reload();
    await expect(admin.getByRole("link", { name: "Ranks", exact: true })).toBeVisible();
    await expect(admin.getByRole("link", { name: "Badges", exact: true })).toHaveCount(0);
  } finally {
    // Other browser tests on this server count notifications: badges stay off for them.
    if (!badgesOff)
      await admin.request.patch("/api/v2/addons/badges", {
        headers: apiHeaders(originOf(admin)),
        data: { enabled: false },
      });
    await Promise.all([adminContext.close(), member.context.close()]);
  }
});
