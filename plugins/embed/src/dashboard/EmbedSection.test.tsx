import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import type { EmbedSettings } from "../../api/embedApi";
import { EmbedSection } from "./EmbedSection";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const LOADER = "(function(){/* loader */})();";

describe("EmbedSection", () => {
  it("saves the allowed domains and the comments category, shows the server's complaint and the code to paste", async () => {
    let stored: EmbedSettings = { allowedDomains: [], commentsCategoryID: null, loaderScript: LOADER };
    api = mockApi((request) => {
      if (request.url === "categories")
        return {
          data: [
            { categoryID: 1, name: "Blog comments", displayAs: "discussions" },
            { categoryID: 2, name: "A heading", displayAs: "heading" },
          ],
        };
      if (request.method === "PATCH") {
        const patch = request.data as { allowedDomains: string[]; commentsCategoryID: number | null };
        if (patch.allowedDomains.some((domain) => !domain.startsWith("http")))
          return {
            status: 422,
            data: {
              message: "Validation Failed",
              status: 422,
              errors: [
                { field: "allowedDomains/0", message: "Must be an origin.", code: "pattern", status: 422 },
              ],
            },
          };
        stored = { ...stored, ...patch };
      }
      return { data: stored };
    });
    const user = userEvent.setup();
    renderWithStore(<EmbedSection />);
    const domains = await screen.findByRole("textbox", { name: "Allowed domains" });
    const category = screen.getByRole("combobox", { name: "Blog comments category" });
    expect(screen.queryByRole("option", { name: "A heading" })).toBeNull();
    expect(screen.getByLabelText("Blog comments code")).toHaveTextContent(
      '<div data-forum-embed="comments"></div>',
    );
    expect(screen.getByLabelText("Blog comments code")).toHaveTextContent(LOADER);

    await user.type(domains, "blog.example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Must be an origin.")).toBeInTheDocument();

    await user.clear(domains);
    await user.type(domains, "https://blog.example.com{Enter}http://localhost:4000");
    await user.selectOptions(category, "Blog comments");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved");
    expect(api.requests.at(-1)).toMatchObject({
      method: "PATCH",
      url: "embed/settings",
      data: { allowedDomains: ["https://blog.example.com", "http://localhost:4000"], commentsCategoryID: 1 },
    });
    expect(screen.queryByText("Must be an origin.")).toBeNull();
  });
});
