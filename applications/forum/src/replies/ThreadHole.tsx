import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./replies.css";

export type ThreadHoleProps = RenderedWidgetProps<"ThreadHole">;

/** Replies left out of the page: a link to the comment's own page, which shows them. */
export function ThreadHole({ reason, count, url }: ThreadHoleProps) {
  const label =
    reason === "depth"
      ? t("Continue this thread")
      : plural(t("{count, plural, one {Show # more reply} other {Show # more replies}}"), count);
  return (
    <a className="threadHole" href={url}>
      {label}
    </a>
  );
}
