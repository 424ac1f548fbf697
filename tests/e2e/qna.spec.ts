import { expect, test } from "./fixtures";
import { apiHeaders, newMember, originOf, signInAsAdmin } from "./helpers";

test("an administrator enables Q&A; a member asks, another answers, the asker accepts and both are notified", async ({
  browser,
}) => {
  // Three members, two background jobs and a dashboard round trip: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const asker = await newMember(browser, "asker");
  const answerer = await newMember(browser, "answerer");
  try {
    await signInAsAdmin(admin, "/dashboard/addons");
    const qna = admin.getByRole("row").filter({ hasText: "Q&A" });
    await expect(qna.getByText("Disabled", { exact: true })).toBeVisible();
    await qna.getByRole("button", { name: "Enable Q&A" }).click();
    await expect(qna.getByText("Enabled", { exact: true })).toBeVisible();

    const { page } = asker;
    await page.goto("/categories/general");
    await page.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
    await page.getByRole("group", { name: "Post Type" }).getByRole("radio", { name: "Question" }).check();
    const title = `How do I export my data ${Date.now()}?`;
    await page.getByLabel("Title").fill(title);
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.keyboard.type("I want a copy of everything I posted.");
    await page.getByRole("button", { name: "Post Discussion" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Unanswered", { exact: true })).toBeVisible();
    const url = page.url();
    const discussionID = Number(/\/discussion\/(\d+)/.exec(url)?.[1]);

    // Another member answers in the comment composer.
    await answerer.page.goto(url);
    const composer = answerer.page.getByRole("region", { name: "Leave a comment" });
    await composer.getByRole("textbox", { name: "Comment" }).click();
    await answerer.page.keyboard.type("Open your profile, then Download my data.");
    await composer.getByRole("button", { name: "Post Comment" }).click();
    await expect(answerer.page).toHaveURL(/#Comment_\d+$/);
    // The status moves once the answer's job ran; the asker hears of it.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByText("Answered", { exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect
      .poll(
        async () => {
          const response = await page.request.get("/api/v2/notifications");
          const items = (await response.json()) as { body: string }[];
          return items.filter((item) => item.body.includes("answered your question")).length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // The category's list offers its questions by status: this one is under Answered, not Unanswered.
    await page.goto("/categories/general");
    const filter = page.getByRole("navigation", { name: "Questions" });
    await filter.getByRole("link", { name: "Unanswered", exact: true }).click();
    await expect(filter.getByRole("link", { name: "Unanswered", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await filter.getByRole("link", { name: "Answered", exact: true }).click();
    await expect(filter.getByRole("link", { name: "Answered", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await page.goto(url);

    // The asker accepts the answer: it shows under the question, and the question lists as accepted.
    const answer = page.getByRole("region", { name: "Comments" }).getByRole("article").first();
    await answer.getByRole("button", { name: "Accept Answer" }).click();
    await expect(answer.getByRole("button", { name: "Accepted Answer" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const accepted = page.getByRole("region", { name: "Accepted Answer" });
    await expect(accepted).toContainText("Open your profile, then Download my data.");
    await expect(page.getByText("Accepted", { exact: true })).toBeVisible();
    const list = await page.request.get("/api/v2/discussions?type=question&statusID=2");
    expect(((await list.json()) as { discussionID: number }[]).map((item) => item.discussionID)).toContain(
      discussionID,
    );
    await expect
      .poll(
        async () => {
          const response = await answerer.page.request.get("/api/v2/notifications");
          const items = (await response.json()) as { body: string }[];
          return items.filter((item) => item.body.includes("was accepted")).length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // Listed under Accepted now, and no longer under Answered.
    await page.goto("/categories/general?type=question&statusID=1");
    await expect(filter.getByRole("link", { name: "Answered", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await filter.getByRole("link", { name: "Accepted", exact: true }).click();
    await expect(filter.getByRole("link", { name: "Accepted", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("qna-list-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("qna-list-390.png"), fullPage: true });
    await page.goto(url);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.screenshot({ path: test.info().outputPath("qna-1280.png"), fullPage: true });
    await answerer.page.setViewportSize({ width: 390, height: 844 });
    await answerer.page.reload();
    await answerer.page.screenshot({ path: test.info().outputPath("qna-390.png"), fullPage: true });
    // Other members see the badge, not the button.
    await expect(answerer.page.getByRole("button", { name: "Accept Answer" })).toHaveCount(0);

    // Disabled: the widgets and the routes are gone; enabled again, the accepted answer is back.
    await qna.getByRole("button", { name: "Disable Q&A" }).click();
    await expect(qna.getByText("Disabled", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Accepted Answer" })).toHaveCount(0);
    expect((await page.request.get(`/api/v2/qna/questions/${discussionID}`)).status()).toBe(404);
    await qna.getByRole("button", { name: "Enable Q&A" }).click();
    await expect(qna.getByText("Enabled", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Accepted Answer" })).toContainText("Download my data");
  } finally {
    // Other browser tests on this server expect only the built-in post type.
    await admin.request.patch("/api/v2/addons/qna", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: false },
    });
    await Promise.all([adminContext.close(), asker.context.close(), answerer.context.close()]);
  }
});
