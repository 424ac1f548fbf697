import { expect, test } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  signInAsAdmin,
} from "./helpers";

interface Report {
  topDiscussions: { discussionID: number; name: string; views: number }[];
  memberViews?: number;
}

test("members read discussions; the administrator sees the views in Analytics, none under an anonymized member", async ({
  browser,
}) => {
  // Two members, background batches and dashboard round trips: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const reader = await newMember(browser, "reader");
  const hidden = await newMember(browser, "hidden");
  let switchedOff = false;
  try {
    await signInAsAdmin(admin, "/dashboard/addons");
    const analytics = admin.getByRole("row").filter({ hasText: "Analytics" });
    await analytics.getByRole("button", { name: "Enable Analytics" }).click();
    await expect(analytics.getByText("Enabled", { exact: true })).toBeVisible();
    const title = `Counted views ${Date.now()}`;
    const discussion = await createDiscussionWithComments(admin, title, 1);

    // One member chooses anonymization on their preferences page (saved at once, kept after a reload).
    await hidden.page.goto("/profile/preferences");
    const privacy = hidden.page.getByRole("region", { name: "Privacy" });
    await privacy.getByRole("radio", { name: "Anonymize my visits" }).check();
    await expect(privacy.getByRole("status")).toHaveText("Your privacy choice was saved.");
    await hidden.page.setViewportSize({ width: 390, height: 844 });
    await hidden.page.screenshot({
      path: test.info().outputPath("analytics-privacy-390.png"),
      fullPage: true,
    });
    await hidden.page.reload();
    await expect(privacy.getByRole("radio", { name: "Anonymize my visits" })).toBeChecked();

    // Both read the discussion: the reader twice (the second time coming from the discussions list).
    for (const member of [reader, hidden]) {
      await member.page.goto(discussion.url);
      await expect(member.page.getByRole("heading", { name: title })).toBeVisible();
    }
    await reader.page.goto(discussion.url);
    await expect(reader.page.getByRole("heading", { name: title })).toBeVisible();

    const readerID = await currentUserID(reader.page);
    const hiddenID = await currentUserID(hidden.page);
    const reportFor = async (userID: number) => {
      const response = await admin.request.get(`/api/v2/analytics/report?userID=${userID}`);
      return (await response.json()) as Report;
    };
    // Ticks are written in batches by a job a few seconds later.
    await expect
      .poll(
        async () => (await reportFor(readerID)).topDiscussions.find((item) => item.name === title)?.views,
        {
          timeout: 30_000,
        },
      )
      .toBe(3);
    expect((await reportFor(readerID)).memberViews).toBeGreaterThanOrEqual(2);
    expect((await reportFor(hiddenID)).memberViews).toBe(0);
    const counted = await admin.request.get(`/api/v2/discussions/${discussion.discussionID}`);
    // Counted from the ticks alone: the pages themselves do not add to it while the add-on runs.
    expect(((await counted.json()) as { countViews: number }).countViews).toBe(3);

    // The dashboard section: charts with their table, the discussion among the most viewed.
    await admin.goto("/dashboard/analytics");
    await expect(admin.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(admin.getByRole("table", { name: "Analytics per day" })).toBeAttached();
    const top = admin.getByRole("region", { name: "Top discussions by views" });
    await expect(top.getByRole("row", { name: new RegExp(title) })).toContainText("3");
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.screenshot({ path: test.info().outputPath("analytics-dashboard-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: test.info().outputPath("analytics-dashboard-390.png"), fullPage: true });

    // Switched off, it stops counting and keeps what it stored.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto("/dashboard/addons");
    await analytics.getByRole("button", { name: "Disable Analytics" }).click();
    await expect(analytics.getByText("Disabled", { exact: true })).toBeVisible();
    switchedOff = true;
    expect((await reader.page.request.get("/api/v2/analytics/privacy")).status()).toBe(404);
  } finally {
    if (!switchedOff)
      await admin.request.patch("/api/v2/addons/analytics", {
        headers: apiHeaders(originOf(admin)),
        data: { enabled: false },
      });
    await Promise.all([adminContext.close(), reader.context.close(), hidden.context.close()]);
  }
});
