import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { node } from "@forum/api/layoutNode";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { resetRegistry } from "@library/src/registry/registryStore";
import { mockApi } from "@library/src/testing/mockApi";
import type { Poll } from "../../api/pollsApi";
import { registerPollWidgets } from "./registerPollWidgets";

function makePoll(extra: Partial<Poll> = {}): Poll {
  return {
    discussionID: 7,
    question: "Which day?",
    multipleChoice: false,
    options: [
      { optionID: 0, label: "Tuesday", countVotes: 1 },
      { optionID: 1, label: "Wednesday", countVotes: 3 },
    ],
    dateCloses: null,
    closed: false,
    countVoters: 4,
    resultsVisible: true,
    myVote: [],
    canVote: true,
    canClose: false,
    ...extra,
  };
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  resetRegistry();
});

/** Renders the widget's slot node and lets its first load of the member's own poll land. */
async function renderPoll(initial: Poll) {
  registerPollWidgets();
  render(<LayoutRenderer nodes={[node("PollWidget", { discussionID: 7, poll: initial })]} />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("PollWidget", () => {
  it("lets a member vote, then shows the results with their vote marked", async () => {
    const own = makePoll();
    api = mockApi(({ method }) =>
      method === "PUT"
        ? {
            status: 200,
            data: makePoll({
              myVote: [0],
              countVoters: 5,
              options: [
                { optionID: 0, label: "Tuesday", countVotes: 2 },
                { optionID: 1, label: "Wednesday", countVotes: 3 },
              ],
            }),
          }
        : { status: 200, data: own },
    );
    const user = userEvent.setup();
    await renderPoll(makePoll());
    const region = screen.getByRole("region", { name: "Which day?" });
    const vote = within(region).getByRole("button", { name: "Vote" });
    expect(vote).toBeDisabled();
    await user.click(within(region).getByRole("radio", { name: "Tuesday" }));
    await user.click(vote);
    expect(await screen.findByText("· Your vote", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("meter", { name: "Tuesday" })).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("5 votes")).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === "PUT")).toMatchObject({
      url: "polls/7/vote",
      data: { optionIDs: [0] },
    });
    expect(screen.getByRole("button", { name: "Change Vote" })).toBeInTheDocument();
  });

  it("shows a guest the results without a ballot", async () => {
    api = mockApi(() => ({ status: 200, data: makePoll({ canVote: false }) }));
    await renderPoll(makePoll({ canVote: false }));
    expect(screen.queryByRole("button", { name: "Vote" })).not.toBeInTheDocument();
    expect(screen.getByRole("meter", { name: "Wednesday" })).toHaveAttribute("aria-valuenow", "75");
  });

  it("says results come after voting when they are hidden", async () => {
    const hidden = makePoll({
      canVote: false,
      resultsVisible: false,
      countVoters: undefined,
      options: [
        { optionID: 0, label: "Tuesday" },
        { optionID: 1, label: "Wednesday" },
      ],
    });
    api = mockApi(() => ({ status: 200, data: hidden }));
    await renderPoll(hidden);
    expect(screen.getByText("Results are shown once you have voted.")).toBeInTheDocument();
    expect(screen.queryByRole("meter")).not.toBeInTheDocument();
  });

  it("lets the author close the poll, and shows a refused vote's message", async () => {
    api = mockApi(({ method }) =>
      method === "PATCH"
        ? { status: 200, data: makePoll({ canClose: true, closed: true, canVote: false }) }
        : method === "PUT"
          ? { status: 400, data: { message: "This poll is closed.", status: 400 } }
          : { status: 200, data: makePoll({ canClose: true }) },
    );
    const user = userEvent.setup();
    await renderPoll(makePoll());
    await user.click(screen.getByRole("radio", { name: "Tuesday" }));
    await user.click(screen.getByRole("button", { name: "Vote" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This poll is closed.");
    await user.click(await screen.findByRole("button", { name: "Close Poll" }));
    expect(await screen.findByText("This poll is closed.", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reopen Poll" })).toBeInTheDocument();
  });
});
