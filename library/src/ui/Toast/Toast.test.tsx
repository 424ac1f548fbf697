import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "./ToastContainer";
import { useToast, type ToastApi } from "./useToast";

let api: ToastApi;
function Harness() {
  api = useToast();
  return <ToastContainer />;
}

describe("Toast", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("adds a visible toast that auto-dismisses after 3000 ms, hidden then deleted after 2 s", () => {
    const { store } = renderWithStore(<Harness />);
    expect(screen.getByRole("region", { name: "Notifications" })).toHaveAttribute("aria-live", "polite");
    act(() => void api.addToast({ message: "Link copied to clipboard." }));
    expect(screen.getByText("Link copied to clipboard.")).toBeVisible();

    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByText("Link copied to clipboard.")).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("Link copied to clipboard.")).not.toBeVisible();
    expect(store.getState().toasts.items).toHaveLength(1);

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText("Link copied to clipboard.")).not.toBeInTheDocument();
    expect(store.getState().toasts.items).toHaveLength(0);
  });

  it("respects a custom duration and keeps persistent toasts", () => {
    renderWithStore(<Harness />);
    act(() => {
      api.addToast({ message: "Quick", duration: 500 });
      api.addToast({
        message: "Saved Draft Available.",
        persistent: true,
        body: <a href="/d">Navigate to Draft</a>,
      });
    });
    expect(screen.getByRole("link", { name: "Navigate to Draft" })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByText("Quick")).not.toBeVisible();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.queryByText("Quick")).not.toBeInTheDocument();
    expect(screen.getByText("Saved Draft Available.")).toBeVisible();
  });

  it("shows the dismissible error toast and closes it with its button", async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithStore(<Harness />);
    act(() => void api.addErrorToast());
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Something has gone wrong.");
    act(() => jest.advanceTimersByTime(10_000));
    expect(alert).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText("Something has gone wrong.")).not.toBeInTheDocument();
  });
});
