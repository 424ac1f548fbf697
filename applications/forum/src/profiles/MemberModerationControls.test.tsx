import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { BanMemberControl } from "./BanMemberControl";
import { formatMutedUntil, PostMuteControl, WarnMemberControl } from "./MemberModerationControls";
import { installMemberBootstrap, publicUser } from "./profileCardTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  removeBootstrap();
});

const MODERATOR = ["session.valid", "profiles.view", "community.moderate"];
const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const IN_THREE_DAYS = new Date(Date.now() + 3 * 86_400_000).toISOString();

describe("PostMuteControl", () => {
  it("mutes for a week with a reason from the keyboard, labels the member 'Muted until', and Unmute lifts it", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi((request) =>
      (request.data as { muted: boolean }).muted
        ? { data: { muted: true, dateMutedUntil: IN_A_WEEK } }
        : { data: { muted: false, dateMutedUntil: null } },
    );
    const user = userEvent.setup();
    const { store } = renderWithStore(<PostMuteControl userID={5} name="Bob" dateMutedUntil={null} />);
    expect(screen.queryByText(/Muted until/)).not.toBeInTheDocument();

    screen.getByRole("button", { name: "Mute Posts of Bob" }).focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Mute Posts of Bob" });
    expect(within(dialog).getByRole("spinbutton", { name: "Days" })).toHaveValue(7);
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), " Flooding {Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ["PUT", "users/5/post-mute", { muted: true, days: 7, reason: "Flooding" }],
    ]);
    const date = formatMutedUntil(IN_A_WEEK);
    expect(screen.getByText(`Muted until ${date}`)).toBeInTheDocument();
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      `Bob can't post until ${date}.`,
    ]);

    await user.click(screen.getByRole("button", { name: "Unmute Posts of Bob" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Mute Posts of Bob" })).toBeInTheDocument(),
    );
    expect(api.requests[1]).toMatchObject({
      method: "PUT",
      url: "users/5/post-mute",
      data: { muted: false },
    });
    expect(screen.queryByText(/Muted until/)).not.toBeInTheDocument();
  });

  it("sends the days chosen, and keeps the dialog open with the server's refusal", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi(() => ({
      status: 403,
      data: { message: "You are not allowed to mute or warn an administrator.", status: 403 },
    }));
    const user = userEvent.setup();
    renderWithStore(<PostMuteControl userID={5} name="Bob" dateMutedUntil={null} />);
    await user.click(screen.getByRole("button", { name: "Mute Posts of Bob" }));
    const dialog = screen.getByRole("dialog", { name: "Mute Posts of Bob" });
    const days = within(dialog).getByRole("spinbutton", { name: "Days" });
    await user.clear(days);
    await user.type(days, "3");
    await user.click(within(dialog).getByRole("button", { name: "Mute Posts" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You are not allowed to mute or warn an administrator.",
    );
    expect(api.requests[0]?.data).toEqual({ muted: true, days: 3 });
    expect(screen.queryByText(/Muted until/)).not.toBeInTheDocument();
  });

  it("loads the member's mute when the page does not say, and shows its end", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi(() => ({ data: publicUser({ userID: 5, name: "Bob", dateMutedUntil: IN_THREE_DAYS }) }));
    renderWithStore(<PostMuteControl userID={5} name="Bob" />);
    expect(await screen.findByText(`Muted until ${formatMutedUntil(IN_THREE_DAYS)}`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unmute Posts of Bob" })).toBeInTheDocument();
    expect(api.requests.map((request) => [request.method, request.url])).toEqual([["GET", "users/5"]]);
  });

  it("offers nothing to members or on oneself", () => {
    installMemberBootstrap();
    const { unmount } = renderWithStore(<PostMuteControl userID={5} name="Bob" dateMutedUntil={IN_A_WEEK} />);
    expect(screen.queryByRole("button", { name: /Mute/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Muted until/)).not.toBeInTheDocument();
    unmount();
    removeBootstrap();
    installMemberBootstrap({ permissions: MODERATOR, userID: 5 });
    renderWithStore(<PostMuteControl userID={5} name="Bob" dateMutedUntil={null} />);
    expect(screen.queryByRole("button", { name: /Mute/ })).not.toBeInTheDocument();
  });
});

describe("WarnMemberControl", () => {
  it("warns with a reason and closes; an empty reason is refused before sending", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi(() => ({ status: 201, data: { warned: true } }));
    const user = userEvent.setup();
    const { store } = renderWithStore(<WarnMemberControl userID={5} name="Bob" />);
    await user.click(screen.getByRole("button", { name: "Warn Bob" }));
    const dialog = screen.getByRole("dialog", { name: "Warn Bob" });
    await user.click(within(dialog).getByRole("button", { name: "Warn" }));
    expect(within(dialog).getByText("A reason is required.")).toBeInTheDocument();
    expect(api.requests).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Keep it civil.{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ["POST", "users/5/warnings", { reason: "Keep it civil." }],
    ]);
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(["Bob has been warned."]);
  });

  it("closes with Escape without sending, and is offered beside Ban to moderators only", async () => {
    installMemberBootstrap({ permissions: MODERATOR });
    api = mockApi(() => ({ data: {} }));
    const user = userEvent.setup();
    const { unmount } = renderWithStore(
      <BanMemberControl userID={5} name="Bob" banned={false} dateMutedUntil={null} />,
    );
    expect(screen.getByRole("button", { name: "Ban Bob" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mute Posts of Bob" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Warn Bob" }));
    expect(screen.getByRole("dialog", { name: "Warn Bob" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.requests).toEqual([]);
    unmount();
    removeBootstrap();
    installMemberBootstrap();
    renderWithStore(<BanMemberControl userID={5} name="Bob" banned={false} dateMutedUntil={null} />);
    expect(screen.queryByRole("button", { name: "Warn Bob" })).not.toBeInTheDocument();
  });
});
