import { expect, test } from "./fixtures";
import { adminName, createDiscussionWithComments, signInAsAdmin, uniqueName } from "./helpers";

test("a moderator splits 2 comments into a new discussion and deletes 1 from the discussion page", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = uniqueName("Split source ");
  const discussion = await createDiscussionWithComments(page, name, 4);
  await page.goto(discussion.url);
  const main = page.getByRole("main");
  const box = (position: number) =>
    main.getByRole("checkbox", { name: `Select Comment ${position} by ${adminName}` });
  await box(1).check();
  await box(2).check();
  const toast = page
    .getByRole("region", { name: "Notifications" })
    .filter({ hasText: "2 comments selected" });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Split" }).click();

  const split = page.getByRole("dialog", { name: "Split Comments" });
  await split.getByRole("button", { name: "Split", exact: true }).click();
  await expect(split.getByText("A title is required.")).toBeVisible();
  const title = uniqueName("Split off ");
  await split.getByRole("textbox", { name: /Title/ }).fill(title);
  await split.getByRole("combobox", { name: "Category" }).selectOption({ label: "General" });
  await split.getByRole("button", { name: "Split", exact: true }).click();
  const splitting = page.getByRole("dialog", { name: "Splitting comments" });
  await expect(splitting.getByText("Done.")).toBeVisible();
  await expect(splitting.getByTestId("longRunner-succeeded")).toHaveText("2");
  await splitting.getByRole("button", { name: "Close" }).click();
  await expect(main.getByText("Comment number 1")).toHaveCount(0);
  await expect(main.getByText("Comment number 2")).toHaveCount(0);
  await expect(main.getByText("Comment number 3")).toBeVisible();
  const link = page.getByRole("region", { name: "Notifications" }).getByRole("link", { name: title });
  await expect(link).toBeVisible();
  const newDiscussionHref = await link.getAttribute("href");
  expect(newDiscussionHref).toMatch(/\/discussion\/\d+\//);

  await box(3).check();
  await page
    .getByRole("region", { name: "Notifications" })
    .filter({ hasText: "1 comment selected" })
    .getByRole("button", { name: "Delete" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete Comments" });
  await expect(confirm).toContainText("Are you sure you want to delete this comment?");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  const deleting = page.getByRole("dialog", { name: "Deleting comments" });
  await expect(deleting.getByText("Done.")).toBeVisible();
  await deleting.getByRole("button", { name: "Close" }).click();
  await expect(main.getByText("Comment number 3")).toHaveCount(0);

  // The source keeps only comment 4; the new discussion holds comments 1 and 2.
  await page.reload();
  await expect(main.getByText("Comment number 4")).toBeVisible();
  for (const gone of [1, 2, 3]) await expect(main.getByText(`Comment number ${gone}`)).toHaveCount(0);
  await page.goto(newDiscussionHref ?? "/");
  await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(main.getByText("Comment number 1")).toBeVisible();
  await expect(main.getByText("Comment number 2")).toBeVisible();
});
