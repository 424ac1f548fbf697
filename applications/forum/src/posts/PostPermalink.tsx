import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useCopyLink } from "./useCopyLink";

/** A post's time, linked to its permalink, and the button that copies that link. */
export function PostPermalink({ url, dateInserted }: { url: string; dateInserted: string }) {
  const copyLink = useCopyLink();
  return (
    <span className="postActions-permalink">
      <a href={url} className="postActions-time">
        <DateTime timestamp={dateInserted} />
      </a>
      <Button
        variant="icon"
        compact
        className="postActions-copy"
        aria-label={t("Copy Link")}
        title={t("Copy Link")}
        onClick={() => void copyLink(url)}
      >
        <LinkIcon />
      </Button>
    </span>
  );
}

function LinkIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"
      />
    </svg>
  );
}
