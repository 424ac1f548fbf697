import { abbreviateNumber, formatFullNumber } from "@library/src/formatting/numbers";

/** An abbreviated number ("1.5k") with the full value ("1,540") as title. */
export function NumberFormatted({ value, className }: { value: number; className?: string }) {
  const full = formatFullNumber(value);
  return (
    <span className={className} title={full}>
      {abbreviateNumber(value)}
    </span>
  );
}
