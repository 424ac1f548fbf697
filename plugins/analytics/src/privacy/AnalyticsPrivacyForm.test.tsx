import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { AnalyticsPrivacyForm } from "./AnalyticsPrivacyForm";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("AnalyticsPrivacyForm", () => {
  it("shows the member's choice and saves a new one at once; a refused save puts the old one back", async () => {
    let refuse = false;
    api = mockApi((request) => {
      if (request.method === "GET") return { data: { AnonymizeData: "-1" } };
      if (refuse) return { status: 500, data: { message: "Database down", status: 500 } };
      return { data: request.data };
    });
    const user = userEvent.setup();
    renderWithStore(<AnalyticsPrivacyForm />);
    await waitFor(() => expect(screen.getByRole("radio", { name: "Use the site's default" })).toBeChecked());

    await user.click(screen.getByRole("radio", { name: "Anonymize my visits" }));
    expect(await screen.findByText("Your privacy choice was saved.")).toBeInTheDocument();
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "analytics/privacy",
      data: { AnonymizeData: "1" },
    });
    expect(screen.getByRole("radio", { name: "Anonymize my visits" })).toBeChecked();

    refuse = true;
    await waitFor(() =>
      expect(screen.getByRole("radio", { name: "Count my visits under my name" })).toBeEnabled(),
    );
    await user.click(screen.getByRole("radio", { name: "Count my visits under my name" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Database down");
    expect(screen.getByRole("radio", { name: "Anonymize my visits" })).toBeChecked();
  });
});
