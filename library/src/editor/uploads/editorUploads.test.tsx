import { createRef } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Rich2Document } from "@forum/api/rich2";
import { resetBootstrap } from "@library/src/bootstrap/bootstrap";
import { Composer } from "@library/src/editor/Composer";
import { RichEditor, type RichEditorHandle } from "@library/src/editor/RichEditor";
import { installContentEditableShim } from "@library/src/editor/editorTestUtils";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";

installContentEditableShim();

let api: ReturnType<typeof mockApi> | null = null;
beforeEach(() => {
  installBootstrap({
    config: { "upload.maxSize": 20 * 1024 * 1024, "upload.allowedExtensions": ["jpg", "png", "pdf"] },
  });
});
afterEach(() => {
  api?.restore();
  api = null;
  resetBootstrap();
});

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function renderEditor(handler: MockHandler, focus = true) {
  api = mockApi(handler);
  const onChange = jest.fn<void, [Rich2Document]>();
  const handle = createRef<RichEditorHandle>();
  render(
    <RichEditor
      value={[{ type: "p", children: [{ text: "See" }] }]}
      onChange={onChange}
      label="Comment"
      editorRef={handle}
      uploads
    />,
  );
  if (focus) await act(async () => handle.current!.focus());
  return { onChange, lastDoc: () => onChange.mock.lastCall?.[0] };
}

const media = (name: string, type: string) => ({
  mediaID: 1,
  url: `http://localhost/uploads/2026/11/${"a".repeat(32)}.${name.split(".").pop()}`,
  name,
  type,
  size: 10,
  width: null,
  height: null,
  dateInserted: "2026-11-25T08:00:00+00:00",
  insertUserID: 2,
  foreignType: null,
  foreignID: null,
});

describe("uploads in the rich editor", () => {
  it("uploads from the device through the Image button, the address form second, and closes the popover", async () => {
    const { lastDoc } = await renderEditor(() => ({ status: 201, data: media("dog.png", "image/png") }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Image" }));
    const dialog = screen.getByRole("dialog", { name: "Insert image" });
    const choose = screen.getByRole("button", { name: "Upload from your device" });
    expect(choose).toHaveFocus();
    expect(dialog).toHaveTextContent("Or insert an image from the web:");
    expect(screen.getByLabelText("Image URL")).toBeInTheDocument();
    const picker = screen.getByTestId("richEditor-imagePicker");
    expect(picker).toHaveAttribute("accept", "image/*");
    await user.click(choose);
    await user.upload(picker, new File(["png"], "dog.png", { type: "image/png" }));
    expect(screen.queryByRole("dialog", { name: "Insert image" })).not.toBeInTheDocument();
    await settle();
    expect(api?.requests[0]).toMatchObject({ method: "POST", url: "media" });
    expect(lastDoc()).toContainEqual(
      expect.objectContaining({ type: "img", url: `http://localhost/uploads/2026/11/${"a".repeat(32)}.png` }),
    );
  });

  it("offers only the address form in an editor without uploads", async () => {
    render(
      <RichEditor value={[{ type: "p", children: [{ text: "" }] }]} onChange={() => undefined} label="Bio" />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Image" }));
    expect(screen.getByRole("dialog", { name: "Insert image" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upload from your device" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Image URL")).toHaveFocus();
  });

  it("uploads a picked image with progress and inserts it as an image", async () => {
    let finish: () => void = () => undefined;
    const { lastDoc } = await renderEditor(
      () =>
        new Promise(
          (resolve) => (finish = () => resolve({ status: 201, data: media("cat.png", "image/png") })),
        ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Upload File" }));
    await user.upload(
      screen.getByTestId("richEditor-filePicker"),
      new File(["png"], "cat.png", { type: "image/png" }),
    );
    expect(screen.getByRole("progressbar", { name: "Uploading cat.png" })).toBeInTheDocument();
    expect(api?.requests[0]).toMatchObject({ method: "POST", url: "media" });
    expect((api?.requests[0]?.data as FormData).get("file")).toBeInstanceOf(File);
    await act(async () => finish());
    await settle();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(lastDoc()).toContainEqual(
      expect.objectContaining({
        type: "img",
        url: `http://localhost/uploads/2026/11/${"a".repeat(32)}.png`,
        alt: "cat",
      }),
    );
  });

  it("inserts another kind of file as a link named after it, from a drop", async () => {
    // Dropped onto an editor that never had the cursor: the file goes at the end.
    const { lastDoc } = await renderEditor(
      () => ({ status: 201, data: media("notes.pdf", "application/pdf") }),
      false,
    );
    const file = new File(["%PDF"], "notes.pdf", { type: "application/pdf" });
    fireEvent.drop(screen.getByRole("textbox", { name: "Comment" }), {
      dataTransfer: { files: [file], types: ["Files"], getData: () => "" },
    });
    await settle();
    expect(JSON.stringify(lastDoc())).toContain(`"type":"a","url":"${media("notes.pdf", "").url}"`);
    expect(JSON.stringify(lastDoc())).toContain('"text":"notes.pdf"');
  });

  it("refuses a file with another extension or over the size before sending, with the SPEC texts", async () => {
    await renderEditor(() => ({ status: 500 }));
    const user = userEvent.setup({ applyAccept: false });
    const picker = screen.getByTestId("richEditor-filePicker");
    await user.upload(picker, new File(["MZ"], "setup.EXE", { type: "application/octet-stream" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The uploaded file did not have an allowed extension. Only the following extensions are allowed. jpg, png, pdf",
    );
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    const big = new File(["x"], "big.PDF", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 + 1 });
    await user.upload(picker, big);
    expect(await screen.findByRole("alert")).toHaveTextContent("The uploaded file was too big (max 20 MB).");
    expect(api?.requests).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    await renderEditor(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [{ field: "file", message: "The file's contents do not match its extension." }],
      },
    }));
    await userEvent.setup().upload(screen.getByTestId("richEditor-filePicker"), new File(["x"], "fake.jpg"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The file's contents do not match its extension.",
    );
  });

  it("keeps the post from being sent while a file is still uploading", async () => {
    let finish: () => void = () => undefined;
    api = mockApi(
      () =>
        new Promise(
          (resolve) => (finish = () => resolve({ status: 201, data: media("cat.png", "image/png") })),
        ),
    );
    const onSubmit = jest.fn(() => Promise.resolve());
    render(
      <Composer
        label="Comment"
        submitLabel="Post Comment"
        onSubmit={onSubmit}
        initialValue={[{ type: "p", children: [{ text: "Look" }] }]}
        uploads
      />,
    );
    const post = screen.getByRole("button", { name: "Post Comment" });
    expect(post).toBeEnabled();
    await userEvent
      .setup()
      .upload(
        screen.getByTestId("richEditor-filePicker"),
        new File(["png"], "cat.png", { type: "image/png" }),
      );
    expect(post).toBeDisabled();
    await act(async () => finish());
    await settle();
    expect(post).toBeEnabled();
  });
});
