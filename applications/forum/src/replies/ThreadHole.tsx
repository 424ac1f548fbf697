import { formatFullNumber } from "@library/src/formatting/numbers";
import { formatText, t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./replies.css";

export type ThreadHoleProps = RenderedWidgetProps<"ThreadHole">;

/** Replies left out of the page: a link to the comment's own page, which shows them. */
export function ThreadHole({ reason, count, url }: ThreadHoleProps) {
  const label =
    reason === "depth"
      ? t("Continue this thread")
      : count === 1
        ? t("Show 1 more reply")
        : formatText(t("Show {count} more replies"), { count: formatFullNumber(count) });
  return (
    <a className="threadHole" href={url}>
      {label}
    </a>
  );
}
