import { screen, waitFor } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { installReplyDisplayLinks } from "./replyDisplayLinks";

jest.mock("@library/src/routing/pageNavigation");
const navigate = jest.mocked(fullPageNavigate);

let api: ReturnType<typeof mockApi> | null = null;
let uninstall: (() => void) | null = null;

/** The switch as the server writes it (forumNodeHtml's ReplyDisplaySwitch). */
function serverSwitch(signedIn: boolean): void {
  document.body.innerHTML = `<div class="replyDisplayWidget"><nav class="replyDisplaySwitch" aria-label="Reply display" data-signed-in="${signedIn}"><a class="replyDisplaySwitch-option" data-display="flat" href="/discussion/4/talk?replyDisplay=flat" aria-current="true">Flat</a><a class="replyDisplaySwitch-option" data-display="threaded" href="/discussion/4/talk?replyDisplay=threaded">Threaded</a></nav></div>`;
}

beforeEach(() => {
  navigate.mockReset();
  document.cookie = "replyDisplay=; path=/; max-age=0";
  uninstall = installReplyDisplayLinks(document);
});
afterEach(() => {
  uninstall?.();
  api?.restore();
  api = null;
  document.body.innerHTML = "";
});

describe("the flat/threaded links of server pages", () => {
  it("keeps a guest's choice in this browser and loads the page without the one-page parameter", async () => {
    serverSwitch(false);
    await userEvent.click(screen.getByRole("link", { name: "Threaded" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/discussion/4/talk"));
    expect(document.cookie).toContain("replyDisplay=threaded");
  });

  it("stores a member's choice on the server first", async () => {
    api = mockApi(() => ({ data: { replyDisplay: "threaded" } }));
    serverSwitch(true);
    await userEvent.click(screen.getByRole("link", { name: "Threaded" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/discussion/4/talk"));
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PUT comments/reply-display",
    ]);
  });

  it("says why when the choice cannot be kept, and stays", async () => {
    api = mockApi(() => ({ status: 500, data: { message: "The server is busy.", status: 500 } }));
    serverSwitch(true);
    await userEvent.click(screen.getByRole("link", { name: "Threaded" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The server is busy.");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does nothing for the display already shown", async () => {
    serverSwitch(false);
    await userEvent.click(screen.getByRole("link", { name: "Flat" }));
    expect(navigate).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain("replyDisplay=");
  });
});
