import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { PostType } from "@forum/api/postTypes";
import { postTypeEditor, registerPostTypeEditor, type PostFieldsProps, type PostMeta } from "./PostFields";

const poll: PostType = {
  postTypeID: "poll-test",
  baseType: "discussion",
  label: "Poll",
  fields: [
    { fieldID: "question", label: "Question", type: "text", required: true, maxLength: 200 },
    { fieldID: "votes", label: "Votes per member", type: "number", required: false },
    { fieldID: "anonymous", label: "Anonymous", type: "boolean", required: false },
  ],
};

function Harness({ postType }: { postType: PostType }) {
  const [meta, setMeta] = useState<PostMeta>({});
  const Editor = postTypeEditor(postType.postTypeID);
  return (
    <>
      <Editor
        postType={postType}
        value={meta}
        onChange={setMeta}
        errorsOf={(field) => (field === "postMeta.votes" ? ["Too many votes."] : undefined)}
      />
      <output>{JSON.stringify(meta)}</output>
    </>
  );
}

describe("post type fields", () => {
  it("builds each declared field, required ones marked, errors under their field", async () => {
    const user = userEvent.setup();
    render(<Harness postType={poll} />);
    const question = screen.getByRole("textbox", { name: /Question/ });
    expect(question).toBeRequired();
    expect(question).toHaveAttribute("maxLength", "200");
    await user.type(question, "Lunch?");
    await user.type(screen.getByRole("spinbutton", { name: /Votes per member/ }), "2");
    await user.click(screen.getByRole("checkbox", { name: "Anonymous" }));
    expect(screen.getByRole("status")).toHaveTextContent('{"question":"Lunch?","votes":2,"anonymous":true}');
    expect(screen.getByRole("spinbutton", { name: /Votes per member/ })).toHaveAccessibleDescription(
      "Too many votes.",
    );
  });

  it("uses the editor an add-on registered for its type", () => {
    registerPostTypeEditor("poll-test", ({ postType }: PostFieldsProps) => (
      <p>{`Own editor of ${postType.label}`}</p>
    ));
    render(<Harness postType={poll} />);
    expect(screen.getByText("Own editor of Poll")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: /Question/ })).not.toBeInTheDocument();
  });
});
