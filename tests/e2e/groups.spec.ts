import { expect, test } from "./fixtures";
import { newMember, signInAsAdmin } from "./helpers";

test("a member creates a secret group, invites two members by name and one address; they accept and post", async ({
  browser,
}) => {
  // Four members register and the flow crosses five browser contexts.
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const leader = await newMember(browser, "leader");
  const first = await newMember(browser, "first");
  const second = await newMember(browser, "second");
  const outsider = await newMember(browser, "outsider");
  try {
    // Groups runs by default; the administrator switches it off and on from the dashboard.
    await signInAsAdmin(admin, "/dashboard/addons");
    const row = admin.getByRole("row").filter({ hasText: "Groups" });
    await row.getByRole("button", { name: "Disable Groups" }).click();
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    expect((await leader.page.goto("/groups"))?.status()).toBe(404);
    await row.getByRole("button", { name: "Enable Groups" }).click();
    await expect(row.getByText("Enabled", { exact: true })).toBeVisible();

    // The leader creates a secret group from the directory.
    const { page } = leader;
    const groupName = `Night Owls ${Date.now()}`;
    await page.goto("/groups");
    await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
    await page.getByText("New Group").click();
    await page.getByLabel("Name").fill(groupName);
    await page.getByLabel("Description").fill("Late-night plans.");
    await page.getByLabel("Privacy").selectOption("secret");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByRole("heading", { name: groupName, level: 1 })).toBeVisible();
    const groupUrl = page.url();

    // Two members by name and one address, in one invitation.
    const invite = page.locator(".groupInviteForm");
    for (const member of [first, second]) {
      await invite.getByLabel("Member name").fill(member.name);
      await invite.getByRole("button", { name: "Add", exact: true }).click();
      await expect(invite.getByRole("list", { name: "Invitees" })).toContainText(member.name);
    }
    await invite.getByLabel("Email addresses").fill("friend@example.com");
    await invite.getByRole("button", { name: "Invite (3)" }).click();
    const results = invite.getByRole("list", { name: "Invitation results" });
    await expect(results).toContainText(`${first.name}: Invited`);
    await expect(results).toContainText(`${second.name}: Invited`);
    await expect(results).toContainText("friend@example.com: Invited");
    await expect(invite.getByLabel("Email addresses")).toHaveValue("");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("group-1280.png"), fullPage: true });

    // Each invited member accepts from the notification.
    for (const member of [first, second]) {
      await member.page.goto("/");
      // The invitation's notification is made by a job after the invitation commits: wait for the live badge
      // before opening the menu, whose list is read when it opens.
      await expect(member.page.getByRole("banner").getByLabel(/^Notifications: [1-9]/)).toBeVisible({
        timeout: 15_000,
      });
      await member.page.getByRole("banner").getByRole("button", { name: "Notifications" }).click();
      await member.page.getByRole("link", { name: new RegExp(`invited you to join ${groupName}`) }).click();
      await expect(member.page.getByText("You are invited to join this group.")).toBeVisible();
      await member.page.getByRole("button", { name: "Accept" }).click();
      await expect(member.page.getByRole("button", { name: "Leave Group" })).toBeVisible();
    }

    // A member posts in the group; the discussion shows on the group page and stays hidden from others.
    await first.page.getByRole("link", { name: "New Discussion" }).click();
    await expect(first.page.getByText("In the group")).toBeVisible();
    const title = `Midnight walk ${Date.now()}`;
    await first.page.getByLabel("Title").fill(title);
    await first.page.getByLabel("Body").fill("Who is in for a walk at midnight?");
    await first.page.getByRole("button", { name: "Post Discussion" }).click();
    await expect(first.page.getByRole("heading", { name: title })).toBeVisible();
    const discussionUrl = first.page.url();
    await second.page.goto(groupUrl);
    await expect(second.page.getByRole("link", { name: title })).toBeVisible();
    await second.page.setViewportSize({ width: 390, height: 844 });
    await second.page.screenshot({ path: test.info().outputPath("group-390.png"), fullPage: true });

    expect((await outsider.page.goto(groupUrl))?.status()).toBe(404);
    expect((await outsider.page.goto(discussionUrl))?.status()).toBe(404);
    await outsider.page.goto("/discussions");
    await expect(outsider.page.getByRole("link", { name: title })).toHaveCount(0);
    await outsider.page.goto("/groups");
    await expect(outsider.page.getByRole("link", { name: groupName })).toHaveCount(0);
  } finally {
    await adminContext.close();
    for (const member of [leader, first, second, outsider]) await member.context.close();
  }
});

test("a group's leader edits its name, description and privacy, then deletes it", async ({ browser }) => {
  test.setTimeout(120_000);
  const leader = await newMember(browser, "editor");
  const outsider = await newMember(browser, "passerby");
  try {
    const { page } = leader;
    const name = `Book Club ${Date.now()}`;
    await page.goto("/groups");
    await page.getByText("New Group").click();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Description").fill("One book a month.");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    await page.getByRole("link", { name: "Edit Group" }).click();
    await expect(page.getByRole("heading", { name: "Edit Group", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toHaveText("Give the group a name of at most 100 characters.");
    const renamed = `${name} (members only)`;
    await page.getByLabel("Name").fill(renamed);
    await page.getByLabel("Description").fill("One book a month, for members.");
    await page.getByLabel("Privacy").selectOption("secret");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("group-edit-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("group-edit-390.png"), fullPage: true });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
    await expect(page.getByText("One book a month, for members.")).toBeVisible();
    const groupUrl = page.url();
    // Secret now: others do not find it.
    expect((await outsider.page.goto(groupUrl))?.status()).toBe(404);

    await page.getByRole("link", { name: "Edit Group" }).click();
    await page.getByRole("link", { name: "Delete Group" }).click();
    await expect(page.getByRole("heading", { name: "Delete Group", level: 1 })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("group-delete-390.png"), fullPage: true });
    await page.getByRole("button", { name: "Delete Group" }).click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByRole("link", { name: renamed })).toHaveCount(0);
    expect((await page.goto(groupUrl))?.status()).toBe(404);
  } finally {
    await Promise.all([leader.context.close(), outsider.context.close()]);
  }
});
