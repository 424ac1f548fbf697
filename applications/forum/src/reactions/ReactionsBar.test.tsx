import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { TOOLTIP_REST_MS } from "@library/src/ui/Tooltip/Tooltip";
import { preloadMemberReactionsBar, ReactionsBar } from "./ReactionsBar";
import { selectRecordReactions } from "./reactionsSlice";
import { resetReactionCatalogue } from "./useReactionCatalogue";
import { logEntry, reactionsBarProps, summary } from "./reactionsTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

/** A reply the test releases by hand, to look at the in-flight state. */
function deferred() {
  let release: (reply: MockReply) => void = () => undefined;
  const promise = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const button = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}( \\d+)?$`) });

// Reacting is a chunk of its own, preloaded on a member's page: here once for all the tests.
beforeAll(() => preloadMemberReactionsBar());

describe("ReactionsBar", () => {
  it("shows a reader who may not react the counts the post has, with no toggle and no picker", () => {
    renderWithStore(
      <ReactionsBar
        {...reactionsBarProps({
          reactions: summary({ OffTopic: 2, Like: 3, Up: 1 }),
          permittedTypes: [],
          canViewLog: false,
        })}
      />,
    );
    const group = screen.getByRole("group", { name: "Reactions" });
    expect(Array.from(group.querySelectorAll("[data-reaction]")).map((chip) => chip.textContent)).toEqual([
      "Like 3",
      "Up 1",
    ]);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByText("Off Topic")).not.toBeInTheDocument();
  });

  it("shows a chip per reaction the post has and one 'React' picker of the permitted types", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithStore(
      <ReactionsBar {...reactionsBarProps({ reactions: summary({ OffTopic: 2, Promote: 1, Like: 3 }) })} />,
    );
    expect(button("Like")).toHaveTextContent(/^Like 3$/);
    expect(screen.queryByRole("button", { name: /^Down/ })).not.toBeInTheDocument();
    // Promote is shown (it has a reaction) but not as a toggle without curation.manage; Flag types never show.
    expect(screen.queryByRole("button", { name: /^Promote/ })).not.toBeInTheDocument();
    expect(screen.getByText("Promote").closest("[data-reaction]")).toHaveAttribute(
      "data-reaction",
      "Promote",
    );
    expect(screen.queryByText("Off Topic")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Log" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "React" }));
    const picker = screen.getByRole("menu", { name: "React" });
    expect(
      within(picker)
        .getAllByRole("menuitemcheckbox")
        .map((item) => item.textContent),
    ).toEqual(["Disagree", "Like", "Up", "Down"]);
    unmount();
    renderWithStore(
      <ReactionsBar
        {...reactionsBarProps({ permittedTypes: ["Promote", "Like", "OffTopic"], isModerator: true })}
      />,
    );
    await user.click(screen.getByRole("button", { name: "React" }));
    const moderatorPicker = screen.getByRole("menu", { name: "React" });
    expect(within(moderatorPicker).getByRole("menuitemcheckbox", { name: "Promote" })).toBeInTheDocument();
    expect(within(moderatorPicker).queryByRole("menuitemcheckbox", { name: "Off Topic" })).toBeNull();
    expect(screen.getByRole("button", { name: "Log" })).toBeInTheDocument();
  });

  it("costs one tab stop plus one per reaction present, and the picker works from the keyboard", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ status: 201, data: summary({ Like: 2, Up: 1 }, "Up") }));
    renderWithStore(<ReactionsBar {...reactionsBarProps({ reactions: summary({ Like: 2 }) })} />);
    const bar = screen.getByRole("group", { name: "Reactions" });
    const tabStops = () =>
      Array.from(bar.querySelectorAll<HTMLElement>("button, [tabindex]")).filter(
        (element) => element.tabIndex >= 0 && !element.closest('[role="menu"]'),
      );
    expect(tabStops()).toHaveLength(2);
    screen.getByRole("button", { name: "React" }).focus();
    await user.keyboard("{ArrowDown}");
    const picker = screen.getByRole("menu", { name: "React" });
    expect(within(picker).getByRole("menuitemcheckbox", { name: "Disagree" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(within(picker).getByRole("menuitemcheckbox", { name: "Up" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "React" })).toHaveFocus();
    await waitFor(() => expect(button("Up")).toHaveAttribute("aria-pressed", "true"));
    expect(api.requests[0]).toMatchObject({ method: "POST", data: { reactionType: "Up" } });
    screen.getByRole("button", { name: "React" }).focus();
    await user.keyboard("{ArrowDown}{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "React" })).toHaveFocus();
  });

  it("reacts optimistically, disables the bar while in flight and keeps the server's summary", async () => {
    const user = userEvent.setup();
    const reply = deferred();
    api = mockApi(() => reply.promise);
    const { store } = renderWithStore(
      <ReactionsBar {...reactionsBarProps({ reactions: summary({ Like: 1, Down: 1 }, "Down"), score: 0 })} />,
    );
    expect(button("Down")).toHaveAttribute("aria-pressed", "true");
    await user.click(button("Like"));
    expect(button("Like")).toHaveTextContent("Like 2");
    expect(button("Like")).toHaveAttribute("aria-pressed", "true");
    // The earlier reaction is replaced: its only count is gone, and so is its chip.
    expect(screen.queryByRole("button", { name: /^Down/ })).not.toBeInTheDocument();
    expect(button("Like")).toBeDisabled();
    expect(selectRecordReactions(store.getState(), "discussion", 7)?.score).toBe(2);
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "discussions/7/reactions",
        data: { reactionType: "Like" },
      }),
    ]);
    await act(async () => {
      reply.release({ status: 201, data: summary({ Like: 5 }, "Like") });
      await reply.promise;
    });
    await waitFor(() => expect(button("Like")).toBeEnabled());
    expect(button("Like")).toHaveTextContent("Like 5");
  });

  it("removes the user's own reaction with DELETE", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ status: 204 }));
    const { store } = renderWithStore(
      <ReactionsBar
        {...reactionsBarProps({
          recordType: "comment",
          recordID: 3,
          reactions: summary({ Up: 2 }, "Up"),
          score: 2,
        })}
      />,
    );
    await user.click(button("Up"));
    await waitFor(() => expect(button("Up")).toBeEnabled());
    expect(button("Up")).toHaveTextContent("Up 1");
    expect(button("Up")).toHaveAttribute("aria-pressed", "false");
    expect(api.requests[0]).toMatchObject({ method: "DELETE", url: "comments/3/reactions" });
    expect(selectRecordReactions(store.getState(), "comment", 3)?.score).toBe(1);
  });

  it("reverts on failure and reports the error in a toast", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ status: 403, data: { message: "Permission Problem", status: 403 } }));
    const { store } = renderWithStore(
      <ReactionsBar {...reactionsBarProps({ reactions: summary({ Like: 1 }, "Like"), score: 1 })} />,
    );
    await user.click(screen.getByRole("button", { name: "React" }));
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Down" }));
    await waitFor(() => expect(button("Like")).toBeEnabled());
    expect(screen.queryByRole("button", { name: /^Down/ })).not.toBeInTheDocument();
    expect(button("Like")).toHaveTextContent("Like 1");
    expect(button("Like")).toHaveAttribute("aria-pressed", "true");
    expect(selectRecordReactions(store.getState(), "discussion", 7)?.score).toBe(1);
    expect(store.getState().toasts.items.map((toast) => [toast.message, toast.type])).toEqual([
      ["Permission Problem", "error"],
    ]);
  });

  it("lists up to 5 users in the tooltip, then a stacked '+N'", async () => {
    const user = userEvent.setup();
    const entries = [1, 2, 3, 4, 5, 6, 7].map((id) => logEntry(id, "Like"));
    api = mockApi(() => ({ data: [...entries, logEntry(8, "Up")] }));
    renderWithStore(<ReactionsBar {...reactionsBarProps({ reactions: summary({ Like: 7, Up: 1 }) })} />);
    await user.hover(button("Like"));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, TOOLTIP_REST_MS + 50));
    });
    const tooltip = await screen.findByRole("tooltip");
    await waitFor(() => expect(within(tooltip).getByText("User 5")).toBeInTheDocument());
    expect(within(tooltip).getByText("User 1")).toBeInTheDocument();
    expect(within(tooltip).queryByText("User 6")).not.toBeInTheDocument();
    expect(within(tooltip).queryByText("User 8")).not.toBeInTheDocument();
    expect(within(tooltip).getByText("+2")).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ method: "GET", url: "discussions/7/reactions" });
  });

  it("does not load who reacted without reactions.view", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ data: [] }));
    renderWithStore(
      <ReactionsBar {...reactionsBarProps({ canViewLog: false, reactions: summary({ Like: 3 }) })} />,
    );
    await user.hover(button("Like"));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, TOOLTIP_REST_MS + 50));
    });
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Like");
    expect(api.requests).toHaveLength(0);
  });

  it("opens the moderators' log, which reads 'No Reactions Yet' when empty", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ data: [] }));
    renderWithStore(<ReactionsBar {...reactionsBarProps({ isModerator: true })} />);
    await user.click(screen.getByRole("button", { name: "Log" }));
    const dialog = await screen.findByRole("dialog", { name: "Reaction Log" });
    expect(await within(dialog).findByText("No Reactions Yet")).toBeInTheDocument();
  });

  it("lists who reacted in the log", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ data: [logEntry(4, "Like")] }));
    renderWithStore(<ReactionsBar {...reactionsBarProps({ isModerator: true })} />);
    await user.click(screen.getByRole("button", { name: "Log" }));
    const dialog = await screen.findByRole("dialog", { name: "Reaction Log" });
    expect(await within(dialog).findByRole("link", { name: "User 4" })).toHaveAttribute(
      "href",
      "/profile/User%204",
    );
    expect(within(dialog).queryByText("No Reactions Yet")).not.toBeInTheDocument();
  });

  it("fetches the reaction types once when a post carries only the reactions it has", async () => {
    resetReactionCatalogue();
    const user = userEvent.setup();
    api = mockApi((request) => ({
      data:
        request.url === "reactions"
          ? summary().map((item) => ({
              ...item,
              urlCode: item.urlcode,
              description: "",
              points: 0,
              photoUrl: "",
              sort: null,
              active: true,
              custom: false,
              hidden: false,
              attributes: null,
            }))
          : [],
    }));
    const onlyPresent = summary({ Like: 2 }).filter((item) => item.count > 0);
    renderWithStore(
      <>
        <ReactionsBar {...reactionsBarProps({ recordID: 1, reactions: onlyPresent })} />
        <ReactionsBar {...reactionsBarProps({ recordID: 2, reactions: [] })} />
      </>,
    );
    const [first, second] = screen.getAllByRole("button", { name: "React" });
    if (!first || !second) throw new Error("Two pickers expected.");
    await user.click(first);
    const picker = await screen.findByRole("menu", { name: "React" });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole("menuitemcheckbox")
          .map((item) => item.textContent),
      ).toEqual(["Disagree", "Like", "Up", "Down"]),
    );
    await user.keyboard("{Escape}");
    await user.click(second);
    const again = await screen.findByRole("menu", { name: "React" });
    await waitFor(() => expect(within(again).getAllByRole("menuitemcheckbox")).toHaveLength(4));
    expect(api.requests.filter((request) => request.url === "reactions")).toHaveLength(1);
  });
});
