import { act, render, screen } from "@testing-library/react";
import { DateTime } from "./DateTime";

describe("DateTime", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date("2025-03-14T12:00:00Z"));
  });
  afterEach(() => jest.useRealTimers());

  it("shows relative time, the full date as title, and refreshes every 30 s", () => {
    render(<DateTime timestamp="2025-03-14T11:59:58Z" />);
    const time = screen.getByText("just now");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", "2025-03-14T11:59:58.000Z");
    expect(time.getAttribute("title")).toMatch(/^March 14, 2025/);
    act(() => jest.advanceTimersByTime(29_999));
    expect(screen.getByText("just now")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("a few seconds ago")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(30_000));
    expect(screen.getByText("a minute ago")).toBeInTheDocument();
  });
});
