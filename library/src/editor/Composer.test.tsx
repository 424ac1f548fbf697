import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Rich2Document } from "@forum/api/rich2";
import { Composer } from "@library/src/editor/Composer";
import { installContentEditableShim, paragraph } from "@library/src/editor/editorTestUtils";

installContentEditableShim();

const filled: Rich2Document = [paragraph("Nice post")];

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe("Composer", () => {
  it("disables submit while the document is empty", () => {
    render(<Composer submitLabel="Post Comment" label="Comment" onSubmit={jest.fn()} />);
    expect(screen.getByRole("button", { name: "Post Comment" })).toBeDisabled();
  });

  it("submits the document, shows pending, and clears afterwards", async () => {
    const user = userEvent.setup();
    const request = deferred();
    const onSubmit = jest.fn<Promise<void>, [Rich2Document]>(() => request.promise);
    render(<Composer submitLabel="Post Comment" label="Comment" onSubmit={onSubmit} initialValue={filled} />);
    const button = screen.getByRole("button", { name: "Post Comment" });
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith(filled);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    await act(async () => {
      request.resolve();
      await request.promise;
    });
    expect(button).not.toHaveAttribute("aria-busy");
    expect(screen.getByRole("textbox", { name: "Comment" })).toHaveTextContent("");
    expect(button).toBeDisabled();
  });

  it("shows an ApiError passed in, and the error of a rejected submit, as an alert", async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Composer
        submitLabel="Post Comment"
        label="Comment"
        onSubmit={() => Promise.reject(new Error("Comment is too long."))}
        initialValue={filled}
        error={{ message: "Something went wrong.", description: "Try later.", status: 500, errors: {} }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong.Try later.");
    rerender(
      <Composer
        submitLabel="Post Comment"
        label="Comment"
        onSubmit={() => Promise.reject(new Error("Comment is too long."))}
        initialValue={filled}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Post Comment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Comment is too long.");
    expect(screen.getByRole("textbox", { name: "Comment" })).toHaveTextContent("Nice post");
  });

  it("submits with Ctrl+Enter or Cmd+Enter, but not when empty", async () => {
    const onSubmit = jest.fn<Promise<void>, [Rich2Document]>(() => Promise.resolve());
    const { unmount } = render(
      <Composer
        submitLabel="Post Comment"
        label="Comment"
        onSubmit={onSubmit}
        initialValue={filled}
        clearOnSubmit={false}
      />,
    );
    const textbox = screen.getByRole("textbox", { name: "Comment" });
    await act(async () => {
      fireEvent.keyDown(textbox, { key: "Enter", ctrlKey: true });
    });
    await act(async () => {
      fireEvent.keyDown(textbox, { key: "Enter", metaKey: true });
    });
    expect(onSubmit).toHaveBeenCalledTimes(2);
    unmount();

    render(<Composer submitLabel="Post Comment" label="Comment" onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("textbox", { name: "Comment" }), { key: "Enter", ctrlKey: true });
    });
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
