import { act, fireEvent, render, screen } from "@testing-library/react";
import { Tooltip } from "./Tooltip";

describe("Tooltip", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    render(
      <Tooltip label="Copy Link">
        <button aria-label="Share">S</button>
      </Tooltip>,
    );
    return screen.getByRole("button", { name: "Share" });
  }

  it("shows after a 100 ms rest and hides 500 ms after leaving", () => {
    const button = setup();
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(99));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip).toHaveTextContent("Copy Link");
    expect(button).toHaveAttribute("aria-describedby", tooltip.id);
    expect(button).toHaveAccessibleDescription("Copy Link");

    fireEvent.mouseLeave(button);
    act(() => jest.advanceTimersByTime(499));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute("aria-describedby");
  });

  it("stays visible when the pointer comes back while leaving", () => {
    const button = setup();
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(100));
    fireEvent.mouseLeave(button);
    act(() => jest.advanceTimersByTime(300));
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
  });

  it("leaving before the rest cancels it", () => {
    const button = setup();
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(50));
    fireEvent.mouseLeave(button);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it.each([["mousedown"], ["Escape"], ["Enter"], [" "]])("%s dismisses until focus leaves", (how) => {
    const button = setup();
    fireEvent.focus(button);
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    if (how === "mousedown") fireEvent.mouseDown(button);
    else fireEvent.keyDown(button, { key: how });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    fireEvent.blur(button);
    fireEvent.focus(button);
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
  });
});
