import { pluralForm } from "@forum/api/pluralMessages";
import { formatFullNumber } from "@library/src/formatting/numbers";
import { formatText, getLocale } from "./translate";

/**
 * A plural message (`t("{count, plural, one {# comment} other {# comments}}")`) in the form of `count` for the
 * reader's language, with the count in its digits and the other placeholders filled from `values`.
 */
export function plural(text: string, count: number, values: Record<string, string | number> = {}): string {
  const written = formatFullNumber(count);
  return formatText(pluralForm(text, count, getLocale(), written), { count: written, ...values });
}
