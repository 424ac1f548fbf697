import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { resetBootstrap } from "@library/src/bootstrap/bootstrap";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { PhotoUpload } from "./PhotoUpload";

let api: ReturnType<typeof mockApi> | null = null;
beforeEach(() => {
  installBootstrap({ config: { "upload.maxSize": 1024 * 1024, "upload.allowedExtensions": ["jpg", "png"] } });
});
afterEach(() => {
  api?.restore();
  api = null;
  resetBootstrap();
});

describe("PhotoUpload", () => {
  it("uploads the picked image and hands back its full address", async () => {
    api = mockApi(() => ({
      status: 201,
      data: { mediaID: 3, url: "/uploads/2026/11/abc.png", name: "me.png", type: "image/png" },
    }));
    const onUploaded = jest.fn();
    renderWithStore(<PhotoUpload onUploaded={onUploaded} />);
    await userEvent
      .setup()
      .upload(screen.getByTestId("photoUpload-picker"), new File(["png"], "me.png", { type: "image/png" }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith("http://localhost/uploads/2026/11/abc.png"));
    expect(api.requests).toEqual([expect.objectContaining({ method: "POST", url: "media" })]);
  });

  it("says why a file is refused, before sending it", async () => {
    api = mockApi(() => ({ status: 500 }));
    const onUploaded = jest.fn();
    renderWithStore(<PhotoUpload onUploaded={onUploaded} />);
    const big = new File(["x"], "me.JPG", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 2 * 1024 * 1024 });
    await userEvent.setup().upload(screen.getByTestId("photoUpload-picker"), big);
    expect(await screen.findByRole("alert")).toHaveTextContent("The uploaded file was too big (max 1 MB).");
    expect(api.requests).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
