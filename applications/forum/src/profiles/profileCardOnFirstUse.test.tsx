import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { installProfileCardOnFirstUse } from "./profileCardOnFirstUse";
import { installMemberBootstrap, publicUser } from "./profileCardTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
let uninstall: (() => void) | null = null;

beforeEach(() => {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1400 });
  installMemberBootstrap();
  document.body.innerHTML = `<main>
    <a class="userName" href="/profile/Bob" data-usercard="5">Bob</a>
    <a href="/elsewhere">Elsewhere</a>
  </main>`;
  api = mockApi(() => ({ data: publicUser() }));
  uninstall = installProfileCardOnFirstUse(document);
});
afterEach(() => {
  act(() => uninstall?.());
  uninstall = null;
  api?.restore();
  api = null;
  removeBootstrap();
  document.body.innerHTML = "";
});

describe("the profile card before its code is loaded", () => {
  it("opens the card at the first press of an author name, fetching its code then", async () => {
    await userEvent.click(screen.getByRole("link", { name: "Bob" }));
    expect(await screen.findByRole("dialog", { name: "Bob" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bob", expanded: true })).toBeInTheDocument();
  });

  it("opens it from the keyboard too", async () => {
    screen.getByRole("link", { name: "Bob" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Bob" })).toBeInTheDocument();
  });

  it("leaves other links, and modified clicks on names, to the browser", () => {
    const plain = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole("link", { name: "Elsewhere" }).dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
    const newTab = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    screen.getByRole("link", { name: "Bob" }).dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
