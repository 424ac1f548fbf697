import { NumberFormatted } from "@library/src/formatting/NumberFormatted";
import { t } from "@library/src/i18n/translate";

/** "1 comment" / "1.5k comments": the number abbreviated with its full value as title, the noun by count. */
export function CountLabel({ count, one, many }: { count: number; one: string; many: string }) {
  return (
    <span className="countLabel">
      <NumberFormatted value={count} /> {count === 1 ? t(one) : t(many)}
    </span>
  );
}
