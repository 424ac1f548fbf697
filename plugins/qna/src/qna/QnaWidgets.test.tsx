import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { node } from "@forum/api/layoutNode";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { resetRegistry } from "@library/src/registry/registryStore";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import type { AcceptedAnswer, Question } from "../../api/qnaApi";
import { registerQnaWidgets } from "./registerQnaWidgets";

const answer: AcceptedAnswer = {
  commentID: 31,
  discussionID: 9,
  insertUserID: 4,
  authorName: "Jonas",
  excerpt: "Use Settings, then Export.",
  url: "/discussion/comment/31#Comment_31",
  acceptedByUserID: 2,
  dateAccepted: "2026-12-30T10:00:00Z",
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  resetRegistry();
  removeBootstrap();
});

function renderWidgets(accepted: boolean, askerUserID: number) {
  registerQnaWidgets();
  render(
    <LayoutRenderer
      nodes={[
        node("QnaAcceptedAnswers", {
          discussionID: 9,
          status: accepted ? "accepted" : "answered",
          acceptedAnswers: accepted ? [answer] : [],
        }),
        node("QnaAcceptAnswer", { commentID: 31, accepted, askerUserID, canModerate: false }),
      ]}
    />,
  );
}

describe("Q&A widgets", () => {
  it("let the asker accept an answer, which then shows under the question", async () => {
    installBootstrap({ currentUser: makeMe({ userID: 2 }) });
    const question: Question = { discussionID: 9, status: "accepted", acceptedAnswers: [answer] };
    api = mockApi(() => ({ status: 200, data: question }));
    const user = userEvent.setup();
    renderWidgets(false, 2);
    expect(screen.getByText("Answered")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept Answer" }));
    expect(await screen.findByRole("button", { name: "Accepted Answer" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("region", { name: "Accepted Answer" })).toHaveTextContent(
      "Use Settings, then Export.",
    );
    expect(screen.getByText("Accepted")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View in context" })).toHaveAttribute("href", answer.url);
    expect(api.requests[0]).toMatchObject({ method: "PUT", url: "qna/answers/31/accept" });
  });

  it("show other members the accepted badge and no button", () => {
    installBootstrap({ currentUser: makeMe({ userID: 5 }) });
    renderWidgets(true, 2);
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.getAllByText("Accepted Answer").length).toBeGreaterThan(0);
  });

  it("show a refused acceptance's message", async () => {
    installBootstrap({ currentUser: makeMe({ userID: 2 }) });
    api = mockApi(() => ({ status: 403, data: { message: "Permission Problem", status: 403 } }));
    const user = userEvent.setup();
    renderWidgets(false, 2);
    await user.click(screen.getByRole("button", { name: "Accept Answer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
  });
});
