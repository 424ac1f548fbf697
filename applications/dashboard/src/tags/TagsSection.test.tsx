import type { Tag } from "@forum/api/tags";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { TagsSection } from "./TagsSection";

function tag(tagID: number, name: string, countDiscussions: number): Tag {
  const urlcode = name.toLowerCase().replace(/\s+/g, "-");
  return {
    tagID,
    id: tagID,
    name,
    urlcode,
    urlCode: urlcode,
    type: "User",
    parentTagID: null,
    url: `/discussions/tagged/${urlcode}`,
    countDiscussions,
  };
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderSection() {
  return renderWithStore(
    <MemoryRouter initialEntries={["/dashboard/tags"]}>
      <TagsSection />
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe("TagsSection", () => {
  it("renames, merges the selected tags into the one kept, and explains a refused delete", async () => {
    const tags = [tag(1, "Aphids", 2), tag(2, "Greenfly", 5), tag(3, "Unused", 0)];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: tags };
      if (request.method === "DELETE" && request.url === "tags/2")
        return { status: 409, data: { message: "Tag isn't empty.", status: 409 } };
      return { status: request.method === "DELETE" ? 204 : 200, data: tags[0] };
    });
    const user = userEvent.setup();
    renderSection();
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(4);

    await user.click(screen.getByRole("button", { name: "Rename Aphids" }));
    const rename = screen.getByRole("dialog", { name: "Rename Tag" });
    const input = within(rename).getByRole("textbox", { name: "Name" });
    await user.clear(input);
    await user.type(input, "Aphid control{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests).toContainEqual(
      expect.objectContaining({ method: "PATCH", url: "tags/1", data: { name: "Aphid control" } }),
    );
    expect(await screen.findByText("The tag was renamed to Aphid control.")).toBeInTheDocument();

    const merge = screen.getByRole("button", { name: /Merge selected/ });
    expect(merge).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select Aphids" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Greenfly" }));
    await user.click(screen.getByRole("button", { name: "Merge selected (2)" }));
    const dialog = screen.getByRole("dialog", { name: "Merge Tags" });
    // The tag on the most discussions is kept unless another is chosen.
    expect(within(dialog).getByRole("radio", { name: "Greenfly (5 discussions)" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Merge" }));
    await waitFor(() =>
      expect(api?.requests).toContainEqual(
        expect.objectContaining({ method: "POST", url: "tags/2/merge", data: { sourceTagIDs: [1] } }),
      ),
    );

    await user.click(await screen.findByRole("button", { name: "Delete Greenfly" }));
    const confirm = screen.getByRole("dialog", { name: "Delete Tag" });
    expect(confirm).toHaveTextContent("Greenfly is on 5 discussions");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await within(confirm).findByRole("alert")).toHaveTextContent("Tag isn't empty.");
  });
});
