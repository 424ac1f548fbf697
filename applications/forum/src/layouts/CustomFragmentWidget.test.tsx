import { act, render, screen } from "@testing-library/react";
import { CustomFragmentWidget } from "@applications/forum/src/layouts/CustomFragmentWidget";

const props = {
  title: "Clock",
  fragmentUUID: "f-1",
  jsUrl: "/api/v2/fragments/f-1/js?fragmentRevisionUUID=r-1",
  cssUrl: "/api/v2/fragments/f-1/css?fragmentRevisionUUID=r-1",
};

function frameOf(): HTMLIFrameElement {
  return screen.getByTitle("Clock");
}

/** A message as the frame's reporter posts it (its frame id is in the document's reporter script). */
function postFromFrame(frame: HTMLIFrameElement, data: Record<string, unknown>) {
  const frameID = /data-frame-id="([^"]+)"/.exec(frame.getAttribute("srcdoc") ?? "")?.[1] ?? "";
  act(() => {
    window.dispatchEvent(
      new MessageEvent("message", { data: { frameID, ...data }, source: frame.contentWindow }),
    );
  });
}

describe("CustomFragmentWidget", () => {
  it("runs the fragment's code in a frame sandboxed to scripts only, reporter first", () => {
    render(<CustomFragmentWidget {...props} />);
    const frame = frameOf();
    expect(frame).toHaveAttribute("sandbox", "allow-scripts");
    const doc = frame.getAttribute("srcdoc") ?? "";
    const reporter = doc.indexOf("/api/v2/fragments/frame-reporter.js");
    const code = doc.indexOf("http://localhost/api/v2/fragments/f-1/js?fragmentRevisionUUID=r-1");
    expect(reporter).toBeGreaterThan(-1);
    expect(code).toBeGreaterThan(reporter);
    expect(doc).toContain(
      '<link rel="stylesheet" href="http://localhost/api/v2/fragments/f-1/css?fragmentRevisionUUID=r-1">',
    );
    expect(doc).not.toMatch(/<script>/);
  });

  it("grows to the height the frame reports", () => {
    render(<CustomFragmentWidget {...props} />);
    postFromFrame(frameOf(), { type: "height", height: 321.4 });
    expect(frameOf().style.height).toBe("322px");
  });

  it("shows 'Error Loading Fragment' when the fragment fails, and ignores other windows' messages", () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    render(<CustomFragmentWidget {...props} />);
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", { data: { frameID: "x", type: "error", detail: "no" } }),
      );
    });
    expect(screen.queryByText("Error Loading Fragment")).toBeNull();
    postFromFrame(frameOf(), { type: "styleError" });
    expect(screen.queryByText("Error Loading Fragment")).toBeNull();
    postFromFrame(frameOf(), { type: "error", detail: "The fragment script did not load." });
    expect(screen.getByRole("alert")).toHaveTextContent("Error Loading Fragment");
    expect(logged).toHaveBeenCalledWith("Custom fragment failed: The fragment script did not load.");
    logged.mockRestore();
  });
});
