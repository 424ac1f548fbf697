import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { node } from "@forum/api/layoutNode";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { resetRegistry } from "@library/src/registry/registryStore";
import { mockApi } from "@library/src/testing/mockApi";
import type { Idea, IdeaStatus } from "../../api/ideationApi";
import { registerIdeationWidgets } from "./registerIdeationWidgets";

const statuses: IdeaStatus[] = [
  { statusID: 0, name: "Pending", color: "#6b7280", state: "open", builtIn: true },
  { statusID: 1, name: "Accepted", color: "#15803d", state: "closed", builtIn: true },
];

function makeIdea(extra: Partial<Idea> = {}): Idea {
  return {
    discussionID: 3,
    score: 2,
    countUp: 2,
    countDown: 0,
    myVote: 0,
    status: statuses[0]!,
    statusNotes: "",
    canVote: true,
    canSetStatus: false,
    ...extra,
  };
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  resetRegistry();
});

async function renderIdea(idea: Idea) {
  registerIdeationWidgets();
  render(<LayoutRenderer nodes={[node("IdeaVoting", { discussionID: 3, idea, statuses })]} />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("IdeaVoting", () => {
  it("votes up, then takes the vote back when pressed again", async () => {
    api = mockApi(({ method }) => ({
      status: 200,
      data:
        method === "PUT"
          ? makeIdea({ score: 3, countUp: 3, myVote: 1 })
          : method === "DELETE"
            ? makeIdea()
            : makeIdea(),
    }));
    const user = userEvent.setup();
    await renderIdea(makeIdea());
    await user.click(screen.getByRole("button", { name: /Vote Up/ }));
    expect(await screen.findByRole("button", { name: /Vote Up/, pressed: true })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Score" })).toHaveTextContent("3");
    await user.click(screen.getByRole("button", { name: /Vote Up/ }));
    expect(await screen.findByRole("button", { name: /Vote Up/, pressed: false })).toBeInTheDocument();
    expect(api.requests.map((request) => request.method)).toEqual(["GET", "PUT", "DELETE"]);
    expect(api.requests[1]).toMatchObject({ url: "ideas/3/vote", data: { value: 1 } });
  });

  it("shows the status badge and lets a manager set another status with notes", async () => {
    const managed = makeIdea({ canSetStatus: true });
    api = mockApi(({ method }) => ({
      status: 200,
      data:
        method === "PUT"
          ? makeIdea({
              canSetStatus: true,
              canVote: false,
              status: statuses[1]!,
              statusNotes: "Shipping soon.",
            })
          : managed,
    }));
    const user = userEvent.setup();
    await renderIdea(managed);
    expect(screen.getByText("Pending", { selector: ".ideaStatus" })).toHaveStyle({
      backgroundColor: "#6b7280",
    });
    await user.selectOptions(screen.getByLabelText("Status"), "1");
    await user.type(screen.getByLabelText("Notes"), "Shipping soon.");
    await user.click(screen.getByRole("button", { name: "Set Status" }));
    expect(await screen.findByText("Shipping soon.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Vote Up/ })).toBeDisabled();
    expect(api.requests[1]).toMatchObject({
      url: "ideas/3/status",
      data: { statusID: 1, statusNotes: "Shipping soon." },
    });
  });

  it("keeps a status a manager picks before their own view of the idea arrives", async () => {
    const managed = makeIdea({ canSetStatus: true });
    let answerOwn: (() => void) | null = null;
    api = mockApi(
      ({ method }) =>
        new Promise((resolve) => {
          if (method === "GET") answerOwn = () => resolve({ status: 200, data: managed });
          else resolve({ status: 200, data: makeIdea({ canSetStatus: true, status: statuses[1]! }) });
        }),
    );
    const user = userEvent.setup();
    registerIdeationWidgets();
    render(<LayoutRenderer nodes={[node("IdeaVoting", { discussionID: 3, idea: managed, statuses })]} />);
    await user.selectOptions(screen.getByLabelText("Status"), "1");
    await act(async () => {
      answerOwn?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByLabelText("Status")).toHaveValue("1");
    expect(screen.getByRole("button", { name: "Set Status" })).toBeEnabled();
  });

  it("offers guests no vote and no status form", async () => {
    api = mockApi(() => ({ status: 200, data: makeIdea({ canVote: false }) }));
    await renderIdea(makeIdea({ canVote: false }));
    expect(screen.getByRole("button", { name: /Vote Down/ })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Set Status" })).not.toBeInTheDocument();
  });
});
