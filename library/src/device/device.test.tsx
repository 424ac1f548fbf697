import { act, render, screen } from "@testing-library/react";
import { BREAKPOINTS, Device, getDeviceClass, useDevice } from "./device";

function Show() {
  return <p>{useDevice()}</p>;
}

function resizeTo(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

describe("device classes", () => {
  it("maps widths to classes at the SPEC breakpoints", () => {
    expect(getDeviceClass(320)).toBe(Device.XS);
    expect(getDeviceClass(500)).toBe(Device.XS);
    expect(getDeviceClass(501)).toBe(Device.MOBILE);
    expect(getDeviceClass(800)).toBe(Device.MOBILE);
    expect(getDeviceClass(801)).toBe(Device.TABLET);
    expect(getDeviceClass(1200)).toBe(Device.TABLET);
    expect(getDeviceClass(1201)).toBe(Device.NO_BLEED);
    expect(getDeviceClass(BREAKPOINTS.noBleed + 1)).toBe(Device.DESKTOP);
  });

  it("re-evaluates on resize with a 100 ms throttle", () => {
    jest.useFakeTimers();
    resizeTo(1400);
    render(<Show />);
    expect(screen.getByText("desktop")).toBeInTheDocument();
    act(() => resizeTo(400));
    act(() => jest.advanceTimersByTime(99));
    expect(screen.getByText("desktop")).toBeInTheDocument();
    act(() => resizeTo(700));
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("mobile")).toBeInTheDocument();
    jest.useRealTimers();
  });
});
