import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { CommentReplies } from "./CommentReplies";
import { CommentTombstone } from "./CommentTombstone";
import { ThreadHole } from "./ThreadHole";
import { ThreadToggle } from "./ThreadToggle";

function thread() {
  return renderWithStore(
    <CommentReplies
      parentCommentID={4}
      countReplies={3}
      toggle={<ThreadToggle controls="Replies_4" countReplies={3} />}
      items={[
        <article key="a" aria-label="Comment by Ann">
          First reply
        </article>,
        <CommentTombstone key="b" commentID={6} depth={2} />,
        <ThreadHole key="c" reason="more" parentCommentID={4} count={1} url="/discussion/comment/4" />,
      ]}
    />,
  );
}

describe("collapsing a comment's replies", () => {
  it("hides and shows the replies with the toggle, telling assistive technology its state", async () => {
    thread();
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Hide replies" });
    const replies = screen.getByRole("list", { name: "Replies" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAttribute("aria-controls", "Replies_4");
    expect(replies).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveTextContent("Show 3 replies");
    expect(replies).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(replies).toBeVisible();
  });

  it("works from the keyboard: Enter and Space toggle, ArrowLeft collapses, ArrowRight expands", async () => {
    thread();
    const user = userEvent.setup();
    const replies = screen.getByRole("list", { name: "Replies" });
    await user.tab();
    const toggle = screen.getByRole("button", { expanded: true });
    expect(toggle).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(replies).not.toBeVisible();
    await user.keyboard(" ");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowLeft}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{ArrowRight}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(replies).toBeVisible();
  });

  it("keeps a deleted comment's place and links to replies left out", () => {
    thread();
    expect(screen.getByRole("article", { name: "Deleted comment" })).toHaveTextContent(
      "This comment was deleted.",
    );
    expect(screen.getByRole("link", { name: "Show 1 more reply" })).toHaveAttribute(
      "href",
      "/discussion/comment/4",
    );
  });
});
