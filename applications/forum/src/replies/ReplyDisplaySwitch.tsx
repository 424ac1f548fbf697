import type { MouseEvent } from "react";
import type { ReplyDisplay } from "@forum/api/categories";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { keepReplyDisplay } from "./replyDisplayChoice";
import "./replyDisplaySwitch.css";

export type ReplyDisplaySwitchProps = RenderedWidgetProps<"ReplyDisplaySwitch">;

/**
 * Flat or threaded replies in the single-page app (server pages write the links and replyDisplayLinks keeps the
 * choice). The choice is kept (for a member on the server, for a guest in this browser) and the page reloads in
 * it; the links work without script too (for this page only).
 */
export function ReplyDisplaySwitch({
  replyDisplay,
  flatUrl,
  threadedUrl,
  signedIn,
}: ReplyDisplaySwitchProps) {
  const action = useApiAction();
  const choose = (event: MouseEvent<HTMLAnchorElement>, display: ReplyDisplay, url: string) => {
    event.preventDefault();
    if (display === replyDisplay || action.pending) return;
    void action.run(() => keepReplyDisplay(display, signedIn, url));
  };
  const option = (display: ReplyDisplay, url: string, label: string) => (
    <a
      className="replyDisplaySwitch-option"
      href={url}
      aria-current={display === replyDisplay ? "true" : undefined}
      onClick={(event) => choose(event, display, url)}
    >
      {label}
    </a>
  );
  return (
    <nav
      className="replyDisplaySwitch"
      aria-label={t("Reply display")}
      aria-busy={action.pending || undefined}
    >
      {option("flat", flatUrl, t("Flat"))}
      {option("threaded", threadedUrl, t("Threaded"))}
      {action.error && (
        <span className="replyDisplaySwitch-error" role="alert">
          {action.error.message}
        </span>
      )}
    </nav>
  );
}
