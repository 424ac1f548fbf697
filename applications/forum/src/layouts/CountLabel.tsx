import { NumberFormatted } from "@library/src/formatting/NumberFormatted";
import { plural } from "@library/src/i18n/plural";

/**
 * "1 comment" / "1.5k comments": the number abbreviated with its full value as title, the noun in the form of the
 * count (`noun`: a translated plural message without `#`, `t("{count, plural, one {comment} other {comments}}")`).
 */
export function CountLabel({ count, noun }: { count: number; noun: string }) {
  return (
    <span className="countLabel">
      <NumberFormatted value={count} /> {plural(noun, count)}
    </span>
  );
}
