import { formatCount } from "@library/src/formatting/numbers";
import { classNames } from "@library/src/ui/classNames";
import "./CountBadge.css";

export interface CountBadgeProps {
  count: number;
  /** Accessible text, e.g. t("Notifications"); read as "<label>: <count>". */
  label?: string;
  className?: string;
}

/** A small count bubble: nothing at 0, "99+" above 99. */
export function CountBadge({ count, label, className }: CountBadgeProps) {
  if (count <= 0) return null;
  const text = formatCount(count);
  return (
    <span
      className={classNames("countBadge", className)}
      title={String(count)}
      {...(label ? { "aria-label": `${label}: ${text}` } : {})}
    >
      {text}
    </span>
  );
}
