import type { UserFragment } from "@forum/api/users";
import { render, screen } from "@testing-library/react";
import { AuthorExtras } from "./AuthorExtras";

const author: UserFragment = {
  userID: 4,
  name: "Maya Chen",
  photoUrl: "/maya.png",
  url: "/profile/Maya%20Chen",
  dateLastActive: null,
  title: "Gardener",
  banned: 0,
  private: false,
};

describe("AuthorExtras", () => {
  it("shows the staff role, the rank label (its sanitised HTML) and the title beside the name", () => {
    const { container } = render(
      <AuthorExtras
        user={{ ...author, roleBadge: "Moderator", label: "Veteran", labelHtml: "<strong>Veteran</strong>" }}
      />,
    );
    expect(screen.getByText("Moderator")).toHaveClass("post-roleBadge");
    expect(screen.getByText("Veteran").tagName).toBe("STRONG");
    expect(container.querySelector(".post-authorLabel")).toHaveTextContent("Veteran");
    expect(screen.getByText("Gardener")).toHaveClass("post-authorTitle");
  });

  it("shows no label for a member without a rank", () => {
    const { container } = render(<AuthorExtras user={author} />);
    expect(container.querySelector(".post-authorLabel")).toBeNull();
  });
});
