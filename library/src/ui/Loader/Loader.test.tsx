import { act, render, screen } from "@testing-library/react";
import { Loader } from "./Loader";

describe("Loader", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("appears only after 150 ms", () => {
    render(<Loader size="small" />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(149));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const loader = screen.getByRole("status", { name: "Loading" });
    expect(loader.firstElementChild).toHaveStyle({ width: "36px", height: "36px" });
  });

  it("uses the preset sizes and an accessible label", () => {
    render(<Loader size="fullPage" delay={0} label="Loading posts" />);
    expect(screen.getByRole("status", { name: "Loading posts" }).firstElementChild).toHaveStyle({
      width: "100px",
    });
  });
});
