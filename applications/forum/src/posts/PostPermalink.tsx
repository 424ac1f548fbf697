import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useCopyLink } from "./useCopyLink";

/**
 * The button that copies a post's permalink. The post's time, linked to the same address, is in the post's
 * header: a post shows its date once.
 */
export function PostPermalink({ url }: { url: string }) {
  const copyLink = useCopyLink();
  return (
    <span className="postActions-permalink">
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
