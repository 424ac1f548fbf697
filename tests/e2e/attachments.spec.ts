import { TicketReceiver } from "../../plugins/webhook-tickets/server/testing/ticketReceiver";
import { expect, test } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

test("an administrator sets up Webhook Tickets; a moderator creates a ticket from a discussion's options menu, then from a comment's, and each card appears under its post", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const receiver = await new TicketReceiver().start();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const moderator = await newMember(browser, "ticketmod");
  try {
    await signInAsAdmin(admin, "/dashboard/addons");
    const addon = admin.getByRole("row").filter({ hasText: "Webhook Tickets" });
    await addon.getByRole("button", { name: "Enable Webhook Tickets" }).click();
    await expect(addon.getByText("Enabled", { exact: true })).toBeVisible();
    await addon.getByRole("button", { name: "Webhook Tickets settings" }).click();
    const settings = admin.getByRole("form", { name: "Webhook Tickets" });
    await settings.getByLabel("Ticket webhook URL").fill(receiver.url);
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(settings.getByText("You have unsaved changes")).toHaveCount(0);

    const roles = (await (await admin.request.get("/api/v2/roles")).json()) as {
      roleID: number;
      name: string;
    }[];
    const promoted = await admin.request.patch(`/api/v2/users/${await currentUserID(moderator.page)}`, {
      headers: apiHeaders(originOf(admin)),
      data: {
        roleID: ["Member", "Moderator"].map((name) => roles.find((role) => role.name === name)?.roleID),
      },
    });
    expect(promoted.ok(), await promoted.text()).toBe(true);
    const title = `Printer on fire ${uniqueName("t")}`;
    const discussion = await createDiscussionWithComments(admin, title, 1);

    const { page } = moderator;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(discussion.url);
    await page.getByRole("button", { name: "Discussion Options" }).click();
    await page.getByRole("menuitem", { name: "Create Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Ticket" });
    await expect(dialog.getByRole("textbox", { name: /Title/ })).toHaveValue(title);
    await expect(dialog.getByRole("textbox", { name: "Description" })).toHaveValue(
      `The opening post of ${title}.`,
    );
    await dialog.getByRole("combobox", { name: /Priority/ }).selectOption({ label: "High" });
    await page.screenshot({ path: test.info().outputPath("attachments-form-1280.png") });
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(dialog).toHaveCount(0);

    // The card shows at once (pending), then the receiver's ticket once the job has sent it.
    const cards = page.getByRole("region", { name: "Attachments" });
    await expect(cards.getByRole("link", { name: /^Ticket #\d+$/ })).toBeVisible({ timeout: 20_000 });
    await expect(cards.getByLabel("Status")).toHaveText("open");
    await expect(cards.getByText("High")).toBeVisible();
    expect(receiver.tickets.size).toBe(1);
    const [sent] = [...receiver.tickets.values()];
    expect(sent?.ticket).toMatchObject({ title, priority: "high" });

    // Read again from the server's page, at both widths; Refresh asks the receiver for the status.
    receiver.setStatus(sent!.id, "in progress");
    await page.reload();
    await expect(cards.getByRole("link", { name: `Ticket #${sent!.id}` })).toHaveAttribute(
      "href",
      `https://tickets.example.test/t/${sent!.id}`,
    );
    await cards.getByRole("button", { name: "Refresh" }).click();
    await expect(cards.getByLabel("Status")).toHaveText("in progress");
    await page.screenshot({ path: test.info().outputPath("attachments-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("attachments-390.png"), fullPage: true });

    // The same from a comment: its options menu offers the action, and the ticket shows under that comment.
    await page.setViewportSize({ width: 1280, height: 900 });
    const comment = page.getByRole("article").filter({ hasText: "Comment number 1" });
    await comment.getByRole("button", { name: "Comment Options" }).click();
    await page.getByRole("menuitem", { name: "Create Ticket" }).click();
    const commentDialog = page.getByRole("dialog", { name: "Ticket" });
    await expect(commentDialog.getByRole("textbox", { name: "Description" })).toHaveValue("Comment number 1");
    await commentDialog.getByRole("textbox", { name: /Title/ }).fill(`About a comment of ${title}`);
    await commentDialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(commentDialog).toHaveCount(0);
    const commentCards = comment.getByRole("region", { name: "Attachments" });
    await expect(commentCards.getByRole("link", { name: /^Ticket #\d+$/ })).toBeVisible({ timeout: 20_000 });
    expect(receiver.tickets.size).toBe(2);
    const fromComment = [...receiver.tickets.values()].find((item) => item.id !== sent!.id);
    expect(fromComment?.ticket).toMatchObject({
      title: `About a comment of ${title}`,
      recordType: "comment",
    });
    // The discussion's card stays the discussion's; the comment's is read again from the server's page.
    await page.reload();
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByRole("link", { name: /^Ticket #\d+$/ })).toHaveText(
      `Ticket #${sent!.id}`,
    );
    await expect(commentCards.getByRole("link", { name: /^Ticket #\d+$/ })).toHaveCount(1);
    await expect(commentCards.getByRole("link", { name: `Ticket #${fromComment!.id}` })).toBeVisible();
    await comment.screenshot({ path: test.info().outputPath("attachments-comment-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await comment.screenshot({ path: test.info().outputPath("attachments-comment-390.png") });
  } finally {
    // Other browser tests on this server expect neither add-on.
    for (const key of ["webhook-tickets", "attachments"])
      await admin.request.patch(`/api/v2/addons/${key}`, {
        headers: apiHeaders(originOf(admin)),
        data: { enabled: false },
      });
    await Promise.all([adminContext.close(), moderator.context.close()]);
    await receiver.stop();
  }
});
