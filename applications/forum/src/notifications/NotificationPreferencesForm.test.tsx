import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { NotificationPreferencesForm } from "./NotificationPreferencesForm";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const DEFAULTS = {
  Comment: { popup: true, email: true },
  Participated: { popup: true, email: false },
  Mention: { popup: true, email: true },
  ConversationMessage: { popup: true, email: true },
};

describe("NotificationPreferencesForm", () => {
  it("shows each kind with its two boxes and saves a change at once", async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: DEFAULTS };
      patches.push(request.data);
      return { data: { ...DEFAULTS, Participated: { popup: true, email: true } } };
    });
    renderWithStore(<NotificationPreferencesForm />);
    const participated = await screen.findByRole("group", {
      name: "Replies in discussions I took part in or bookmarked",
    });
    const email = within(participated).getByRole("checkbox", { name: "By email" });
    expect(email).not.toBeChecked();
    expect(
      within(screen.getByRole("group", { name: "Mentions of my name" })).getByRole("checkbox", {
        name: "By email",
      }),
    ).toBeChecked();
    await user.click(email);
    expect(await screen.findByText("Your preferences have been saved.")).toBeInTheDocument();
    expect(email).toBeChecked();
    expect(patches).toEqual([{ Participated: { email: true } }]);
  });

  it("puts the box back and says why when the save is refused", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.method === "GET") return { data: DEFAULTS };
      return { status: 403, data: { message: "Permission Problem", status: 403 } };
    });
    renderWithStore(<NotificationPreferencesForm />);
    const menu = within(await screen.findByRole("group", { name: "Private messages" })).getByRole(
      "checkbox",
      { name: "In my notification menu" },
    );
    await user.click(menu);
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
    expect(menu).toBeChecked();
  });
});
