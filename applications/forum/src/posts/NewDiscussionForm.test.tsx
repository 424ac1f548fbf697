import { act, screen, within } from "@testing-library/react";
import type * as ComposerDouble from "./composerTestDouble";
import userEvent from "@testing-library/user-event";
import type { PostableCategory, PostType } from "@forum/api/postTypes";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { NewDiscussionForm } from "./NewDiscussionForm";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("./composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  navigate.mockReset();
  jest.useRealTimers();
  window.localStorage.clear();
});

const categories: PostableCategory[] = [
  { categoryID: 1, name: "Support", depth: 1, canPost: false, postTypeIDs: ["discussion"] },
  { categoryID: 2, name: "Questions", depth: 2, canPost: true, postTypeIDs: ["discussion", "bug"] },
  { categoryID: 3, name: "Staff", depth: 1, canPost: false, postTypeIDs: ["discussion"] },
  { categoryID: 4, name: "General", depth: 1, canPost: true, canAnnounce: true, postTypeIDs: ["discussion"] },
];
const postTypes: PostType[] = [
  { postTypeID: "discussion", baseType: "discussion", label: "Discussion", fields: [] },
  {
    postTypeID: "bug",
    baseType: "discussion",
    label: "Bug Report",
    fields: [
      { fieldID: "version", label: "Version", type: "text", required: true },
      { fieldID: "severity", label: "Severity", type: "choice", required: false, options: ["low", "high"] },
    ],
  },
];
const signedIn = {
  currentUser: { current: success({ ...GUEST_USER, userID: 5, name: "Ann" }), requestID: null },
};

async function pickCategory(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole("combobox", { name: /Category/ }));
  await user.click(within(screen.getByRole("listbox")).getByRole("option", { name: new RegExp(`^${name}`) }));
}

describe("NewDiscussionForm", () => {
  it("has a required title, a category picker of postable categories, and 'Post Discussion'", async () => {
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} postTypes={postTypes} />);
    const title = screen.getByRole("textbox", { name: /Title/ });
    expect(title).toBeRequired();
    expect(title).toHaveAttribute("maxLength", "250");
    const picker = screen.getByRole("combobox", { name: /Category/ });
    expect(picker).toHaveValue("General");
    await user.click(picker);
    expect(
      within(screen.getByRole("listbox"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["QuestionsSupport", "General"]);
    expect(await screen.findByRole("button", { name: "Post Discussion" })).toBeInTheDocument();
  });

  it("shows the API's 422 errors under each field", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation failed.",
        status: 422,
        errors: [
          { field: "name", code: "maxLength", message: "Title is too long." },
          { field: "categoryID", code: "permission", message: "You cannot post in this category." },
        ],
      },
    }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={null} />);
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Question");
    await pickCategory(user, "General");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Body text");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(await screen.findByText("Title is too long.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Title/ })).toHaveAccessibleDescription("Title is too long.");
    expect(screen.getByRole("combobox", { name: /Category/ })).toHaveAccessibleDescription(
      "You cannot post in this category.",
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(api.requests[0]?.data).toEqual({
      name: "Question",
      body: JSON.stringify([{ type: "p", children: [{ text: "Body text" }] }]),
      format: "rich2",
      categoryID: 4,
      postTypeID: "discussion",
    });
  });

  it("asks for a title before sending anything, then posts and opens the discussion", async () => {
    api = mockApi(() => ({ status: 201, data: { discussionID: 9, url: "/discussion/9/question" } }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={2} />);
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Body");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(screen.getByText("Title is required.")).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Question");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(navigate).toHaveBeenCalledWith("/discussion/9/question");
  });

  it("offers the type choice only where a category allows more than one type, with the type's own fields", async () => {
    api = mockApi(() => ({ status: 201, data: { discussionID: 10, url: "/discussion/10/crash" } }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} postTypes={postTypes} />);
    expect(screen.queryByRole("group", { name: "Post Type" })).not.toBeInTheDocument();
    await pickCategory(user, "Questions");
    const choice = screen.getByRole("group", { name: "Post Type" });
    expect(within(choice).getByRole("radio", { name: "Discussion" })).toBeChecked();
    expect(screen.queryByRole("textbox", { name: /Version/ })).not.toBeInTheDocument();
    await user.click(within(choice).getByRole("radio", { name: "Bug Report" }));
    await user.type(screen.getByRole("textbox", { name: /Version/ }), "2.1");
    await user.selectOptions(screen.getByRole("combobox", { name: /Severity/ }), "high");
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Crash");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "It crashes");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(api.requests[0]?.data).toMatchObject({
      categoryID: 2,
      postTypeID: "bug",
      postMeta: { version: "2.1", severity: "high" },
    });
  });

  it("offers the announcement where the member may announce, and sends it", async () => {
    api = mockApi(() => ({ status: 201, data: { discussionID: 11, url: "/discussion/11/news" } }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={2} postTypes={postTypes} />);
    expect(screen.queryByRole("combobox", { name: "Announce" })).not.toBeInTheDocument();
    await pickCategory(user, "General");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Announce" }),
      "Announce in its category and in Recent Discussions",
    );
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "News");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Read this");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(api.requests[0]?.data).toMatchObject({ pinned: true, pinLocation: "recent" });
  });

  it("previews title and body as the server renders them, without leaving the editor", async () => {
    api = mockApi(() => ({ data: { body: "<p>Some <strong>bold</strong> words</p>" } }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} />);
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "My title");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Some **bold** words");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const preview = await screen.findByRole("region", { name: "Preview" });
    expect(within(preview).getByRole("heading", { name: "My title" })).toBeInTheDocument();
    expect(within(preview).getByText("bold").tagName).toBe("STRONG");
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "discussions/preview",
        data: {
          body: JSON.stringify([{ type: "p", children: [{ text: "Some **bold** words" }] }]),
          format: "rich2",
        },
      }),
    ]);
    expect(screen.getByRole("textbox", { name: "Body" })).toHaveValue("Some **bold** words");
    await user.click(screen.getByRole("button", { name: "Close Preview" }));
    expect(screen.queryByRole("region", { name: "Preview" })).not.toBeInTheDocument();
  });

  it("keeps every field in the draft's draftMeta", async () => {
    jest.useFakeTimers();
    api = mockApi(({ method }) =>
      method === "POST" ? { status: 201, data: { draftID: 8 } } : { status: 200, data: {} },
    );
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} postTypes={postTypes} />, {
      preloadedState: signedIn,
    });
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Announce" }),
      "Announce in its category",
    );
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Pinned plan");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Details");
    await act(() => jest.advanceTimersByTimeAsync(5100));
    const saved = api.requests.find((request) => request.method === "POST" && request.url === "drafts");
    expect(saved?.data).toMatchObject({
      recordType: "discussion",
      attributes: {
        format: "rich2",
        draftMeta: {
          name: "Pinned plan",
          categoryID: 4,
          postTypeID: "discussion",
          postMeta: {},
          tagIDs: [],
          newTagNames: [],
          pinLocation: "category",
          pinned: true,
        },
      },
    });
  });

  it("adds tags when tagging is on and sends them with the post", async () => {
    api = mockApi(({ method, url }) => {
      if (url === "tags")
        return { data: [{ tagID: 12, name: "Roadmap", urlcode: "roadmap", url: "/tags/roadmap" }] };
      if (method === "POST" && url === "discussions")
        return { status: 201, data: { discussionID: 12, url: "/discussion/12/plans" } };
      return { data: {} };
    });
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} taggingEnabled />, {
      preloadedState: {
        permissions: {
          permissions: success({
            isAdmin: false,
            isSysAdmin: false,
            isSuperAdmin: false,
            permissions: [{ type: "global", id: null, permissions: { "tags.add": false } }],
          }),
          requestID: null,
        },
      },
    });
    await user.type(screen.getByRole("combobox", { name: "Tags" }), "road");
    await user.click(await screen.findByRole("option", { name: /Roadmap/ }));
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Plans");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Next year");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(api.requests.find((request) => request.url === "discussions")?.data).toMatchObject({
      tagIDs: [12],
    });
  });
});
