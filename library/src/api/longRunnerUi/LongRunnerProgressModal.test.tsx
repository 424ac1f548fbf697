import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toApiError } from "@library/src/api/apiError";
import { runLongRunner } from "@library/src/api/longRunner";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { LongRunnerProgressModal } from "./LongRunnerProgressModal";
import { useLongRunner, type LongRunnerControl } from "./useLongRunner";

const round = (
  successIDs: number[],
  callbackPayload: string | null,
  failed: Record<number, string> = {},
) => ({
  progress: {
    successIDs,
    failedIDs: Object.keys(failed).map(Number),
    exceptionsByID: Object.fromEntries(
      Object.entries(failed).map(([id, message]) => [id, { message, code: 404 }]),
    ),
    countTotalIDs: 4,
  },
  callbackPayload,
});

let runner: LongRunnerControl;
function Harness() {
  runner = useLongRunner();
  return <LongRunnerProgressModal runner={runner} labelOf={(id) => (id === 4 ? "Gone thread" : undefined)} />;
}

describe("runLongRunner", () => {
  it("re-posts the callback payload to calls/run until none is left, adding up every round", async () => {
    const api = mockApi(({ url }) => {
      if (url === "discussions/move") return { status: 408, data: round([1], "token-1") };
      if (api.requests.length === 2)
        return { status: 404, data: round([2], "token-2", { 4: "Discussion not found." }) };
      return { status: 200, data: round([3], null) };
    });
    const rounds: number[] = [];
    const summary = await runLongRunner(
      { method: "PATCH", url: "discussions/move", body: { discussionIDs: [1, 2, 3, 4], categoryID: 9 } },
      { onProgress: (progress) => rounds.push(progress.successIDs.length) },
    );
    api.restore();
    expect(summary).toMatchObject({
      successIDs: [1, 2, 3],
      failedIDs: [4],
      cancelled: false,
      countTotalIDs: 4,
    });
    expect(rounds).toEqual([1, 2, 3]);
    expect(api.requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ["PATCH", "discussions/move", { discussionIDs: [1, 2, 3, 4], categoryID: 9 }],
      ["POST", "calls/run", "token-1"],
      ["POST", "calls/run", "token-2"],
    ]);
    expect(api.requests[0]?.params).toMatchObject({ longRunnerMode: "sync" });
  });

  it("rejects with the API error when the whole call is refused", async () => {
    const api = mockApi(() => ({
      status: 403,
      data: { message: "Permission Problem", status: 403, permissions: ["discussions.edit"], recordIDs: [2] },
    }));
    const refused = await runLongRunner({ method: "DELETE", url: "discussions/list", body: {} }).catch(
      toApiError,
    );
    api.restore();
    expect(refused).toMatchObject({ message: "Permission Problem", status: 403 });
  });
});

describe("LongRunnerProgressModal", () => {
  it("shows the counts as they come, each failure with its name and error, and closes when done", async () => {
    const api = mockApi(({ url }) =>
      url === "discussions/list"
        ? { status: 408, data: round([1, 2], "next") }
        : { status: 404, data: round([3], null, { 4: "Discussion not found." }) },
    );
    renderWithStore(<Harness />);
    void runner.start("Deleting discussions", { method: "DELETE", url: "discussions/list", body: {} });
    const dialog = await screen.findByRole("dialog", { name: "Deleting discussions" });
    await waitFor(() => expect(within(dialog).getByText("Done.")).toBeInTheDocument());
    api.restore();
    expect(within(dialog).getByTestId("longRunner-succeeded")).toHaveTextContent("3");
    expect(within(dialog).getByTestId("longRunner-failed")).toHaveTextContent("1");
    expect(within(dialog).getByRole("list", { name: "Errors" })).toHaveTextContent(
      "Gone thread: Discussion not found.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("stops after the round in flight when cancelled", async () => {
    let release: () => void = () => undefined;
    const api = mockApi(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 408, data: round([1], "more") });
        }),
    );
    renderWithStore(<Harness />);
    void runner.start("Closing discussions", { method: "PATCH", url: "discussions/close", body: {} });
    const dialog = await screen.findByRole("dialog", { name: "Closing discussions" });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    release();
    await waitFor(() => expect(within(dialog).getByText("Cancelled.")).toBeInTheDocument());
    api.restore();
    expect(api.requests).toHaveLength(1);
    expect(within(dialog).getByTestId("longRunner-succeeded")).toHaveTextContent("1");
  });

  it("says nothing was changed when the whole call is refused", async () => {
    const api = mockApi(() => ({
      status: 403,
      data: {
        message: "Permission Problem",
        status: 403,
        description: "You need the discussions.edit permission to do that.",
      },
    }));
    renderWithStore(<Harness />);
    void runner.start("Moving discussions", { method: "PATCH", url: "discussions/move", body: {} });
    const dialog = await screen.findByRole("dialog", { name: "Moving discussions" });
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent("Permission Problem"));
    api.restore();
    expect(within(dialog).getByText("Nothing was changed.")).toBeInTheDocument();
  });
});
