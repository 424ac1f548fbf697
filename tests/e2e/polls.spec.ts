import { expect, test } from "./fixtures";
import { apiHeaders, newMember, originOf, signInAsAdmin } from "./helpers";

test("an administrator enables Polls; a member asks, another votes, and the results move live", async ({
  browser,
}) => {
  // Three members and two dashboard round trips: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const asker = await newMember(browser, "asker");
  const voter = await newMember(browser, "voter");
  try {
    await signInAsAdmin(admin, "/dashboard/addons");
    const polls = admin.getByRole("row").filter({ hasText: "Polls" });
    await expect(polls.getByText("Disabled", { exact: true })).toBeVisible();
    await polls.getByRole("button", { name: "Enable Polls" }).click();
    await expect(polls.getByText("Enabled", { exact: true })).toBeVisible();

    // The asker picks the Poll type on the create-post page and fills its fields.
    const { page } = asker;
    await page.goto("/categories/general");
    await page.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
    await page.getByRole("group", { name: "Post Type" }).getByRole("radio", { name: "Poll" }).check();
    const title = `Lunch poll ${Date.now()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.keyboard.type("Help us choose where the team goes.");
    await page.getByLabel("Question").fill("Where shall we eat?");
    await page.getByRole("textbox", { name: "Options" }).fill("Pizza\nSushi\nTacos");
    await page.getByRole("button", { name: "Post Discussion" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    const askerPoll = page.getByRole("region", { name: "Where shall we eat?" });
    await expect(askerPoll.getByRole("radio", { name: "Sushi" })).toBeVisible();
    const url = page.url();

    // Another member votes; the asker's open page shows it without a reload.
    await voter.page.goto(url);
    const voterPoll = voter.page.getByRole("region", { name: "Where shall we eat?" });
    await voterPoll.getByRole("radio", { name: "Sushi" }).check();
    await voterPoll.getByRole("button", { name: "Vote" }).click();
    await expect(voterPoll.getByRole("meter", { name: "Sushi" })).toHaveAttribute("aria-valuenow", "100");
    await expect(voterPoll.getByText("1 vote")).toBeVisible();
    await expect(askerPoll.getByText("1 vote")).toBeVisible();

    // The voter changes their mind.
    await voterPoll.getByRole("button", { name: "Change Vote" }).click();
    await voterPoll.getByRole("radio", { name: "Tacos" }).check();
    await voterPoll.getByRole("button", { name: "Vote" }).click();
    await expect(voterPoll.getByRole("meter", { name: "Tacos" })).toHaveAttribute("aria-valuenow", "100");
    await expect(voterPoll.getByRole("meter", { name: "Sushi" })).toHaveAttribute("aria-valuenow", "0");

    // The asker votes and closes the poll; the voter can no longer change it.
    await askerPoll.getByRole("radio", { name: "Pizza" }).check();
    await askerPoll.getByRole("button", { name: "Vote" }).click();
    await expect(askerPoll.getByRole("meter", { name: "Pizza" })).toHaveAttribute("aria-valuenow", "50");
    await askerPoll.getByRole("button", { name: "Close Poll" }).click();
    await expect(askerPoll.getByText("This poll is closed.")).toBeVisible();
    await voter.page.reload();
    await expect(voterPoll.getByText("This poll is closed.")).toBeVisible();
    await expect(voterPoll.getByRole("button", { name: "Change Vote" })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await askerPoll.screenshot({ path: "test-results/polls-1280.png" });
    await voter.page.setViewportSize({ width: 390, height: 844 });
    await voter.page.screenshot({ path: "test-results/polls-390.png", fullPage: true });

    // Disabled: the widget and the API are gone, the votes kept; enabled again, they are back.
    await polls.getByRole("button", { name: "Disable Polls" }).click();
    await expect(polls.getByText("Disabled", { exact: true })).toBeVisible();
    await voter.page.reload();
    await expect(voter.page.getByRole("heading", { name: title })).toBeVisible();
    await expect(voterPoll).toHaveCount(0);
    const discussionID = /\/discussion\/(\d+)/.exec(url)?.[1];
    expect((await voter.page.request.get(`/api/v2/polls/${discussionID}`)).status()).toBe(404);
    await polls.getByRole("button", { name: "Enable Polls" }).click();
    await expect(polls.getByText("Enabled", { exact: true })).toBeVisible();
    await voter.page.reload();
    await expect(voterPoll.getByRole("meter", { name: "Tacos" })).toHaveAttribute("aria-valuenow", "50");
  } finally {
    // Other browser tests on this server expect only the built-in post type.
    await admin.request.patch("/api/v2/addons/polls", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: false },
    });
    await Promise.all([adminContext.close(), asker.context.close(), voter.context.close()]);
  }
});
