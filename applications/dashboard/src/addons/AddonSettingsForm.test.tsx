import type { Addon } from "@forum/api/addons";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { AddonSettingsForm } from "./AddonSettingsForm";

const POLLS: Addon = {
  addonID: "polls",
  key: "polls",
  name: "Polls",
  type: "addon",
  iconUrl: "",
  version: "1.0.0",
  enabled: true,
  state: "enabled",
  canDisable: true,
  settings: [
    { key: "polls.maxOptions", type: "integer", label: "Most options per poll", default: 10 },
    { key: "polls.anonymous", type: "boolean", label: "Anonymous votes", default: false },
    {
      key: "polls.results",
      type: "enum",
      label: "Show results",
      default: "afterVote",
      options: [
        { value: "always", label: "Always" },
        { value: "afterVote", label: "After voting" },
      ],
    },
  ],
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("AddonSettingsForm", () => {
  it("renders each declared setting by type, sends only what changed and shows field errors", async () => {
    const user = userEvent.setup();
    let patches = 0;
    api = mockApi((request) => {
      if (request.method === "GET") return { data: { "polls.maxOptions": 5 } };
      patches += 1;
      return patches === 1
        ? {
            status: 422,
            data: {
              message: "Validation failed.",
              status: 422,
              errors: [{ message: "Must be 20 or less.", field: "polls.maxOptions", code: "maximum" }],
            },
          }
        : { status: 204 };
    });
    renderWithStore(<AddonSettingsForm addon={POLLS} />);
    const max = await screen.findByLabelText("Most options per poll");
    expect(max).toHaveValue(5);
    expect(screen.getByLabelText("Anonymous votes")).not.toBeChecked();
    expect(screen.getByLabelText("Show results")).toHaveValue("afterVote");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect(api.requests[0]).toMatchObject({
      url: "config",
      params: { select: "polls.maxOptions,polls.anonymous,polls.results" },
    });

    await user.clear(max);
    await user.type(max, "50");
    await user.click(screen.getByLabelText("Anonymous votes"));
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Must be 20 or less.")).toBeInTheDocument();
    expect(max).toHaveAttribute("aria-invalid", "true");
    expect(api.requests[1]).toMatchObject({
      method: "PATCH",
      data: { "polls.maxOptions": 50, "polls.anonymous": true },
    });

    await user.clear(max);
    await user.type(max, "20");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument());
    expect(screen.queryByText("Must be 20 or less.")).not.toBeInTheDocument();
  });
});
