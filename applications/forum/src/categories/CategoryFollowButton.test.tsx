import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { CategoryFollowButton } from "./CategoryFollowButton";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("CategoryFollowButton", () => {
  it("follows and unfollows, showing the state the server stored", async () => {
    api = mockApi((request) => ({ data: request.data }));
    const user = userEvent.setup();
    renderWithStore(<CategoryFollowButton categoryID={4} followed={false} />);
    const button = screen.getByRole("button", { name: "Follow" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true"),
    );
    expect(api.requests[0]).toMatchObject({
      method: "PUT",
      url: "categories/4/follow",
      data: { followed: true },
    });
    await user.click(screen.getByRole("button", { name: "Following" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Follow" })).toBeInTheDocument());
    expect(api.requests[1]).toMatchObject({ data: { followed: false } });
  });

  it("keeps the state and shows the error when the change is refused", async () => {
    api = mockApi(() => ({ status: 403, data: { message: "Permission Problem", status: 403 } }));
    const user = userEvent.setup();
    renderWithStore(<CategoryFollowButton categoryID={4} followed />);
    await user.click(screen.getByRole("button", { name: "Following" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
    expect(screen.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  });
});
