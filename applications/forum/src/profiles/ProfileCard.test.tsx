import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createAppStore, type AppStore } from "@library/src/redux/store";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { registerSlotComponent } from "@library/src/registry/slotComponents";
import { resetRegistry } from "@library/src/registry/registryStore";
import { installProfileCardTriggers } from "./profileCardTriggers";
import { installMemberBootstrap, privateUser, publicUser } from "./profileCardTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
let uninstall: (() => void) | null = null;
let store: AppStore;

function setWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

/** A page with two author names for user 5 and one for user 6, and the delegated handlers installed. */
function setUpPage(reply: (userID: number) => MockReply | Promise<MockReply>) {
  document.body.innerHTML = `<main>
    <a class="userName" href="/profile/Bob" data-usercard="5">Bob</a>
    <a class="userName" href="/profile/Bob" data-usercard="5" id="again">Bob again</a>
    <a class="userName" href="/profile/Carol" data-usercard="6">Carol</a>
    <a href="/elsewhere">Elsewhere</a>
  </main>`;
  api = mockApi((request) => reply(Number(/^users\/(\d+)$/.exec(request.url)?.[1] ?? 0)));
  store = createAppStore();
  uninstall = installProfileCardTriggers(document, store);
}

function nameLink(name = "Bob"): HTMLElement {
  return screen.getAllByRole("link", { name })[0] as HTMLElement;
}

beforeEach(() => {
  setWidth(1400);
  installMemberBootstrap();
  // An add-on's action at the card's foot.
  registerSlotComponent("profileCard.actions", "TestCardAction", ({ user }) =>
    user.banned === 1 ? null : <a href={`/wave/${encodeURIComponent(user.name)}`}>Message</a>,
  );
});
afterEach(() => {
  act(() => uninstall?.());
  uninstall = null;
  api?.restore();
  api = null;
  removeBootstrap();
  document.body.innerHTML = "";
});

describe("ProfileCard states", () => {
  it("shows a skeleton while loading, then the full card", async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    setUpPage(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    await userEvent.click(nameLink());
    const dialog = await screen.findByRole("dialog", { name: "Profile" });
    expect(within(dialog).getByRole("status", { name: "Loading…" })).toBeInTheDocument();
    act(() => answer({ data: publicUser({ labelHtml: "<strong>Top Poster</strong>" }) }));
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).queryByRole("status", { name: "Loading…" })).not.toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Bob" })).toHaveAttribute("href", "/profile/Bob");
    expect(within(card).getByText("Chief Tester")).toBeInTheDocument();
    expect(within(card).getByText("Top Poster").tagName).toBe("STRONG");
    expect(within(card).getByRole("link", { name: "12" })).toHaveAttribute(
      "href",
      "/profile/discussions/Bob",
    );
    expect(within(card).getByRole("link", { name: "1.2k" })).toHaveAttribute("href", "/profile/comments/Bob");
    expect(within(card).getByText("Joined")).toBeInTheDocument();
    expect(within(card).getByText("Last Active")).toBeInTheDocument();
    expect(within(card).queryByText("Email")).not.toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Message" })).toHaveAttribute("href", "/wave/Bob");
    expect(card.querySelector("img.userPhoto")).toHaveAttribute("src", "https://images.example.com/bob.png");
  });

  it("escapes names with slashes and ampersands in the card's links", async () => {
    setUpPage(() => ({ data: publicUser({ name: "Tom/Jerry & Co" }) }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Tom/Jerry & Co" });
    const encoded = "Tom%2FJerry%20%26%20Co";
    expect(within(card).getByRole("link", { name: "Tom/Jerry & Co" })).toHaveAttribute(
      "href",
      `/profile/${encoded}`,
    );
    expect(within(card).getByRole("link", { name: "12" })).toHaveAttribute(
      "href",
      `/profile/discussions/${encoded}`,
    );
  });

  it("falls back to the generic avatar without a photo", async () => {
    setUpPage(() => ({ data: publicUser({ photoUrl: "" }) }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).getByTestId("generic-avatar")).toBeInTheDocument();
  });

  it("shows the email only when the response carries it", async () => {
    setUpPage(() => ({ data: publicUser({ email: "bob@example.com" }) }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).getByRole("link", { name: "bob@example.com" })).toHaveAttribute(
      "href",
      "mailto:bob@example.com",
    );
  });

  it("has no Message button while no add-on provides one", async () => {
    resetRegistry();
    setUpPage(() => ({ data: publicUser() }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).getByText("Joined")).toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Message" })).toBeNull();
  });

  it("shows the restricted card for a private profile", async () => {
    setUpPage(() => ({ data: privateUser() }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).getByText("This user's profile is private.")).toBeInTheDocument();
    expect(within(card).getByText("Private")).toBeInTheDocument();
    expect(within(card).queryByText("Joined")).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Message" })).toBeNull();
  });

  it("shows the banned card when ui.bannedPrivateProfile is on", async () => {
    installMemberBootstrap({ config: { "ui.bannedPrivateProfile": true } });
    setUpPage(() => ({ data: privateUser({ banned: 1 }) }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).getByText("This user has been banned.")).toBeInTheDocument();
    expect(within(card).getByText("Banned")).toBeInTheDocument();
  });

  it("shows private and banned profiles in full to the user themself and to personalInfo.view", async () => {
    installMemberBootstrap({ userID: 5, config: { "ui.bannedPrivateProfile": true } });
    setUpPage(() => ({ data: publicUser({ private: true, email: "bob@example.com" }) }));
    await userEvent.click(nameLink());
    expect(
      within(await screen.findByRole("dialog", { name: "Bob" })).getByText("Joined"),
    ).toBeInTheDocument();
    act(() => uninstall?.());
    api?.restore();

    installMemberBootstrap({
      permissions: ["session.valid", "profiles.view", "personalInfo.view"],
      config: { "ui.bannedPrivateProfile": true },
    });
    setUpPage(() => ({ data: publicUser({ banned: 1, email: "bob@example.com" }) }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).queryByText("This user has been banned.")).not.toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "bob@example.com" })).toBeInTheDocument();
  });

  it("says a deleted user (410) has been deleted", async () => {
    setUpPage(() => ({ status: 410, data: { message: "This user has been deleted.", status: 410 } }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Profile" });
    expect(await within(card).findByText("This user has been deleted.")).toBeInTheDocument();
    expect(within(card).getByText("DELETED")).toBeInTheDocument();
  });

  it("shows the not-found view on 404", async () => {
    setUpPage(() => ({ status: 404, data: { message: "User not found.", status: 404 } }));
    await userEvent.click(nameLink());
    expect(await screen.findByText("User not found.")).toBeInTheDocument();
    expect(screen.queryByText("Failed to load user")).not.toBeInTheDocument();
  });

  it("shows 'Failed to load user' with the error text and the ERROR label on other failures", async () => {
    setUpPage(() => ({ status: 500, data: { message: "Database unavailable.", status: 500 } }));
    await userEvent.click(nameLink());
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load user")).toBeInTheDocument();
    expect(within(alert).getByText("Database unavailable.")).toBeInTheDocument();
    expect(within(alert).getByText("ERROR")).toBeInTheDocument();
  });
});

describe("ProfileCard moderation", () => {
  it("lets a moderator ban from the card: the dialog keeps the card open, which then shows 'Banned' and Unban", async () => {
    installMemberBootstrap({ permissions: ["session.valid", "profiles.view", "community.moderate"] });
    setUpPage(() => ({ data: publicUser() }));
    const user = userEvent.setup();
    await user.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    await user.click(within(card).getByRole("button", { name: "Ban Bob" }));
    const ban = screen.getByRole("dialog", { name: "Ban Bob" });
    await user.type(within(ban).getByRole("textbox", { name: "Reason" }), "Spam");
    await user.click(within(ban).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Ban Bob" })).not.toBeInTheDocument());
    expect(api?.requests.at(-1)).toMatchObject({
      method: "PUT",
      url: "users/5/ban",
      data: { banned: true, reason: "Spam", days: 7 },
    });
    const after = screen.getByRole("dialog", { name: "Bob" });
    expect(within(after).getByText("Banned")).toBeInTheDocument();
    expect(within(after).getByRole("button", { name: "Unban Bob" })).toBeInTheDocument();
  });

  it("offers members no Ban", async () => {
    setUpPage(() => ({ data: publicUser({ banned: 1 }) }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(within(card).queryByRole("button", { name: /Ban/ })).not.toBeInTheDocument();
    expect(within(card).queryByText("Banned")).not.toBeInTheDocument();
  });
});

describe("ProfileCard fetching", () => {
  it("fetches each user once, however often and from however many names the card opens", async () => {
    setUpPage((userID) => ({ data: publicUser({ userID, name: userID === 5 ? "Bob" : "Carol" }) }));
    await userEvent.click(nameLink());
    await screen.findByRole("dialog", { name: "Bob" });
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("link", { name: "Bob again" }));
    await screen.findByRole("dialog", { name: "Bob" });
    await userEvent.click(nameLink("Carol"));
    await screen.findByRole("dialog", { name: "Carol" });
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(api?.requests.map((request) => request.url)).toEqual(["users/5", "users/6"]);
  });

  it("retries a failed user when the card opens again", async () => {
    let fail = true;
    setUpPage(() =>
      fail ? { status: 500, data: { message: "Down.", status: 500 } } : { data: publicUser() },
    );
    await userEvent.click(nameLink());
    await screen.findByText("Down.");
    await userEvent.keyboard("{Escape}");
    fail = false;
    await userEvent.click(nameLink());
    expect(await screen.findByRole("dialog", { name: "Bob" })).toBeInTheDocument();
    expect(api?.requests).toHaveLength(2);
  });
});

describe("ProfileCard opening, closing and devices", () => {
  it("is a popover under the name on desktop, closed by a click outside", async () => {
    setUpPage(() => ({ data: publicUser() }));
    await userEvent.click(nameLink());
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(card).not.toHaveAttribute("aria-modal");
    expect(card).toHaveClass("profileCard--popover");
    expect(nameLink()).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(screen.getByRole("main"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(nameLink()).toHaveAttribute("aria-expanded", "false");
  });

  it("is a small modal on mobile and xs, closed by its Close button with focus back on the name", async () => {
    setWidth(400);
    setUpPage(() => ({ data: publicUser() }));
    nameLink().focus();
    await userEvent.keyboard("{Enter}");
    const modal = await screen.findByRole("dialog", { name: "Bob" });
    expect(modal).toHaveAttribute("aria-modal", "true");
    expect(modal).toHaveClass("modal--small");
    await userEvent.click(within(modal).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(nameLink()).toHaveFocus();
  });

  it("switches from popover to modal when the window narrows", async () => {
    jest.useFakeTimers();
    try {
      setUpPage(() => ({ data: publicUser() }));
      act(() => nameLink().click());
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      expect(screen.getByRole("dialog", { name: "Bob" })).not.toHaveAttribute("aria-modal");
      setWidth(700);
      act(() => {
        window.dispatchEvent(new Event("resize"));
        jest.advanceTimersByTime(150);
      });
      expect(screen.getByRole("dialog", { name: "Bob" })).toHaveAttribute("aria-modal", "true");
    } finally {
      jest.useRealTimers();
    }
  });

  it("opens from the keyboard (Enter or Space), moves focus in, and Escape closes with focus back on the name", async () => {
    setUpPage(() => ({ data: publicUser() }));
    nameLink().focus();
    await userEvent.keyboard("{Enter}");
    const card = await screen.findByRole("dialog", { name: "Bob" });
    expect(card).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(nameLink()).toHaveFocus();
    await userEvent.keyboard(" ");
    expect(await screen.findByRole("dialog", { name: "Bob" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("toggles when the same name is clicked again, and leaves modified clicks to the browser", async () => {
    setUpPage(() => ({ data: publicUser() }));
    await userEvent.click(nameLink());
    await screen.findByRole("dialog", { name: "Bob" });
    await userEvent.click(nameLink());
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Seen after the delegated handler (document), then cancelled so jsdom does not try to navigate.
    let preventedByCard: boolean | null = null;
    const observe = (event: Event) => {
      preventedByCard = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", observe);
    act(() => {
      nameLink().dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    });
    window.removeEventListener("click", observe);
    expect(preventedByCard).toBe(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("ignores links without a valid data-usercard", async () => {
    setUpPage(() => ({ data: publicUser() }));
    const plain = document.createElement("a");
    plain.href = "/profile/Nobody";
    plain.dataset.usercard = "zero";
    plain.textContent = "Nobody";
    document.body.appendChild(plain);
    let preventedByCard: boolean | null = null;
    const observe = (event: Event) => {
      preventedByCard = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", observe);
    act(() => {
      plain.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });
    window.removeEventListener("click", observe);
    expect(preventedByCard).toBe(false);
    expect(api?.requests).toHaveLength(0);
    expect(store.getState().profileCard?.usersByID).toEqual({});
  });
});
