import { useState, type KeyboardEvent } from "react";
import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import "./replies.css";

export type ThreadToggleProps = RenderedWidgetProps<"ThreadToggle">;

function showLabel(count: number): string {
  return plural(t("{count, plural, one {Show # reply} other {Show # replies}}"), count);
}

/**
 * Collapse/expand of one comment's replies: hides and shows the list `controls` (server page and single-page app
 * alike). A button (Enter, Space) with aria-expanded; ArrowLeft collapses and ArrowRight expands, as in a tree.
 */
export function ThreadToggle({ controls, countReplies }: ThreadToggleProps) {
  const [expanded, setExpanded] = useState(true);
  const show = (next: boolean) => {
    setExpanded(next);
    const list = document.getElementById(controls);
    if (list) list.hidden = !next;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft" && expanded) {
      event.preventDefault();
      show(false);
    } else if (event.key === "ArrowRight" && !expanded) {
      event.preventDefault();
      show(true);
    }
  };
  return (
    <Button
      variant="text"
      compact
      className="threadToggle"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={() => show(!expanded)}
      onKeyDown={onKeyDown}
    >
      <span className="threadToggle-icon" aria-hidden="true">
        {expanded ? "−" : "+"}
      </span>
      {expanded ? t("Hide replies") : showLabel(countReplies)}
    </Button>
  );
}
