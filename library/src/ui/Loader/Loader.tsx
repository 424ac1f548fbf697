import { useEffect, useState } from "react";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import "./Loader.css";

export const LOADER_DELAY_MS = 150;
export const LOADER_SIZES = { fullPage: 100, medium: 50, small: 36 } as const;
export type LoaderSize = keyof typeof LOADER_SIZES;

export interface LoaderProps {
  size?: LoaderSize;
  /** Diameter in px, overriding the size preset (e.g. inside a button). */
  diameter?: number;
  /** Delay before anything shows (SPEC 4: 150 ms). */
  delay?: number;
  label?: string;
  className?: string;
}

/** A spinner that appears only after a delay so quick loads do not flash. */
export function Loader({
  size = "medium",
  diameter,
  delay = LOADER_DELAY_MS,
  label,
  className,
}: LoaderProps) {
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);

  if (!shown) return null;
  const px = diameter ?? LOADER_SIZES[size];
  return (
    <span
      role="status"
      aria-label={label ?? t("Loading")}
      className={classNames(
        "loader",
        size === "fullPage" && diameter === undefined && "loader--fullPage",
        className,
      )}
    >
      <span className="loader-spinner" style={{ width: px, height: px }} />
    </span>
  );
}
