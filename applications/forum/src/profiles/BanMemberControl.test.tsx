import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { BanMemberControl, BannedLabel } from "./BanMemberControl";
import { installMemberBootstrap } from "./profileCardTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  removeBootstrap();
});

const MODERATOR = ["session.valid", "profiles.view", "community.moderate"];

function renderProfile(banned: boolean) {
  return renderWithStore(
    <>
      <h1>
        Bob <BannedLabel userID={5} banned={banned} />
      </h1>
      <BanMemberControl userID={5} name="Bob" banned={banned} dateMutedUntil={null} />
    </>,
  );
}

describe("BanMemberControl", () => {
  it("bans for a week with a reason, labels the member 'Banned', and Unban lifts it", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi((request) => ({ data: { banned: (request.data as { banned: boolean }).banned } }));
    const user = userEvent.setup();
    const { store } = renderProfile(false);
    expect(screen.queryByText("Banned")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Ban Bob" }));
    const dialog = screen.getByRole("dialog", { name: "Ban Bob" });
    expect(within(dialog).getByRole("combobox", { name: "Length" })).toHaveDisplayValue("1 week");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "  Spam links ");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ["PUT", "users/5/ban", { banned: true, reason: "Spam links", days: 7 }],
    ]);
    expect(screen.getByRole("heading", { name: "Bob Banned" })).toBeInTheDocument();
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(["Bob is banned."]);

    await user.click(screen.getByRole("button", { name: "Unban Bob" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Ban Bob" })).toBeInTheDocument());
    expect(api.requests[1]).toMatchObject({ method: "PUT", url: "users/5/ban", data: { banned: false } });
    expect(screen.queryByText("Banned")).not.toBeInTheDocument();
    expect(store.getState().toasts.items.map((toast) => toast.message)).toContain("Bob is no longer banned.");
  });

  it("bans until unbanned without days, and keeps the dialog open with the server's refusal", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi(() => ({ status: 403, data: { message: "You may not ban this member.", status: 403 } }));
    const user = userEvent.setup();
    renderProfile(false);
    await user.click(screen.getByRole("button", { name: "Ban Bob" }));
    const dialog = screen.getByRole("dialog", { name: "Ban Bob" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Length" }), "Until unbanned");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You may not ban this member.");
    expect(api.requests[0]?.data).toEqual({ banned: true });
    expect(screen.queryByText("Banned")).not.toBeInTheDocument();
  });

  it("offers nothing to members, and no ban of oneself", () => {
    installMemberBootstrap();
    const { unmount } = renderProfile(true);
    expect(screen.queryByRole("button", { name: /Ban/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Banned")).not.toBeInTheDocument();
    unmount();
    removeBootstrap();
    installMemberBootstrap({ permissions: MODERATOR, userID: 5 });
    renderProfile(false);
    expect(screen.queryByRole("button", { name: /Ban/ })).not.toBeInTheDocument();
  });
});
