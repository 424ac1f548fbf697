import { screen } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { hideCommentSortButtons, installCommentSortSelect } from "./commentSortSelect";

jest.mock("@library/src/routing/pageNavigation");
const navigate = jest.mocked(fullPageNavigate);
let uninstall: (() => void) | null = null;

beforeEach(() => {
  navigate.mockReset();
  // The form as the server writes it (forumNodeHtml's CommentSort).
  document.body.innerHTML = `<div class="commentSortWidget"><form method="get" action="/discussion/4/talk" class="commentSort" data-comment-sort data-base-url="/discussion/4/talk"><label for="commentSort" class="commentSort-label">Sort by</label><select id="commentSort" class="commentSort-select" name="sort"><option value="dateInserted" selected>Oldest</option><option value="-dateInserted">Newest</option><option value="-score">Top</option></select> <button type="submit" class="button" data-sort-go>Go</button></form></div>`;
  uninstall = installCommentSortSelect(document);
});
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = "";
});

describe("'Sort by' on server pages", () => {
  it("loads the first page in the chosen order as soon as it is chosen, with no 'Go' to press", async () => {
    hideCommentSortButtons(document);
    expect(screen.queryByRole("button", { name: "Go" })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Newest");
    expect(navigate).toHaveBeenCalledWith("/discussion/4/talk?sort=-dateInserted");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Oldest");
    expect(navigate).toHaveBeenLastCalledWith("/discussion/4/talk");
  });

  it("leaves other selects alone", async () => {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<label>Other <select><option>a</option><option>b</option></select></label>`,
    );
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Other" }), "b");
    expect(navigate).not.toHaveBeenCalled();
  });
});
