import { useEffect, useState } from "react";

export enum Device {
  XS = "xs",
  MOBILE = "mobile",
  TABLET = "tablet",
  NO_BLEED = "no_bleed",
  DESKTOP = "desktop",
}

/** SPEC 9 breakpoints (px). noBleed: middle column 672 + two 292 panels + two 40 gutters. */
export const BREAKPOINTS = {
  xs: 500,
  smallScreen: 600,
  compact: 800,
  twoColumns: 1200,
  noBleed: 672 + 2 * 292 + 2 * 40,
} as const;

export const DEVICE_RESIZE_THROTTLE_MS = 100;

export function getDeviceClass(width: number): Device {
  if (width <= BREAKPOINTS.xs) return Device.XS;
  if (width <= BREAKPOINTS.compact) return Device.MOBILE;
  if (width <= BREAKPOINTS.twoColumns) return Device.TABLET;
  if (width <= BREAKPOINTS.noBleed) return Device.NO_BLEED;
  return Device.DESKTOP;
}

export function isCompactDevice(device: Device): boolean {
  return device === Device.XS || device === Device.MOBILE;
}

/** The current device class, re-evaluated on resize (at most once per 100 ms, reading the latest width). */
export function useDevice(): Device {
  const [device, setDevice] = useState(() => getDeviceClass(window.innerWidth));
  useEffect(() => {
    let timer: number | null = null;
    const update = () => {
      timer = null;
      setDevice(getDeviceClass(window.innerWidth));
    };
    const onResize = () => {
      if (timer !== null) return;
      timer = window.setTimeout(update, DEVICE_RESIZE_THROTTLE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, []);
  return device;
}
