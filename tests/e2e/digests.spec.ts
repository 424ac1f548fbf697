import { advanceServerClock, expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  newMember,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

interface OutboxMail {
  to: string;
  subject: string;
  bodyText: string;
}

/** The newest mail to `to` whose subject matches, looking through the outbox a hundred at a time. */
async function findMail(admin: Page, to: string, subject: RegExp): Promise<OutboxMail | undefined> {
  for (let page = 1; page <= 20; page += 1) {
    const response = await admin.request.get(`/api/v2/mail-outbox?limit=100&page=${page}`);
    const mails = (await response.json()) as OutboxMail[];
    const found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
    if (found || mails.length < 100) return found;
  }
  return undefined;
}

test("an administrator turns on daily digests; a day's news reaches a member by mail and its link opens the discussion", async ({
  browser,
}) => {
  // Two browsers, the dashboard, a clock jump and the scheduler's jobs for every member of the site.
  test.setTimeout(150_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  const member = await newMember(browser, "digest", { viewport: { width: 390, height: 844 } });
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await signInAsAdmin(admin);
  const enable = (enabled: boolean) =>
    admin.request.patch("/api/v2/addons/digests", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled },
    });
  try {
    expect((await enable(true)).ok()).toBe(true);

    // The member sees the digest choice on their preferences page, at the site's default.
    await member.page.goto("/profile/preferences");
    const choice = member.page.getByRole("combobox", { name: "Send me a digest" });
    await expect(choice).toHaveValue("default");
    await expect(choice.getByRole("option", { name: "Use the site's default (none)" })).toBeAttached();
    await member.page.screenshot({
      path: test.info().outputPath("digests-preferences-390.png"),
      fullPage: true,
    });

    // News of the day, written by the administrator (the server's clock says when).
    const title = `Digest news ${uniqueName("d")}`;
    const discussion = await createDiscussionWithComments(admin, title, 2);
    const created = (await (
      await admin.request.get(`/api/v2/discussions/${discussion.discussionID}`)
    ).json()) as {
      dateInserted: string;
    };
    const serverNow = Date.parse(created.dateInserted);
    const nextHour = Math.floor(serverNow / 3_600_000) * 3_600_000 + 3_600_000;

    // Dashboard › Email Digests: daily, at the next full hour (UTC), then a preview to the administrator.
    await admin.goto("/dashboard/digests");
    await admin.getByRole("combobox", { name: "Digest emails" }).selectOption("daily");
    await admin
      .getByRole("combobox", { name: "Hour digests are sent" })
      .selectOption(String(new Date(nextHour).getUTCHours()));
    await admin.getByRole("textbox", { name: "Site time zone" }).fill("UTC");
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByText("Your changes have been saved.")).toBeVisible();
    await admin.getByRole("button", { name: "Send me a preview" }).click();
    await expect(admin.getByText(/A preview of the digest was sent to /)).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath("digests-dashboard-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: test.info().outputPath("digests-dashboard-390.png"), fullPage: true });
    await expect(member.page.getByRole("combobox", { name: "Send me a digest" })).toBeVisible();

    // The hour comes on the server (its clock moves instead of the test waiting): the scheduler mails the digest.
    await advanceServerClock(admin.request, nextHour - serverNow + 60_000);
    const email = `${member.name}@example.com`;
    let mail: OutboxMail | undefined;
    await expect
      .poll(
        async () => {
          mail = await findMail(admin, email, /^Your daily digest from /);
          return mail?.bodyText ?? "";
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toContain(title);
    const text = mail?.bodyText ?? "";
    expect(text).toContain("Popular discussions");
    const link = new RegExp(`^(\\S*/discussion/${discussion.discussionID}/\\S+)$`, "m").exec(text)?.[1] ?? "";
    expect(link).not.toBe("");

    // Its link opens the discussion.
    await member.page.goto(link);
    await expect(member.page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // The one-click link at its foot turns the member's digests off, without signing in.
    const unsubscribe = /Stop digest emails: (\S+)/.exec(text)?.[1] ?? "";
    await guest.goto(unsubscribe);
    await expect(guest.getByText("Stop digest emails?")).toBeVisible();
    await guest.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(guest.getByText("You will no longer get digest emails.")).toBeVisible();
    await member.page.goto("/profile/preferences");
    await expect(member.page.getByRole("combobox", { name: "Send me a digest" })).toHaveValue("never");
  } finally {
    await enable(false);
    await adminContext.close();
    await guestContext.close();
    await member.context.close();
  }
});
