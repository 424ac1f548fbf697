import { useCallback } from "react";
import { t } from "@library/src/i18n/translate";
import { useToast } from "@library/src/ui/Toast/useToast";
import { copyText, shareUrl } from "./shareLinks";

/** Copy a permalink (with the share utm_source) and confirm with the 'Link copied to clipboard.' toast. */
export function useCopyLink(): (url: string) => Promise<void> {
  const toast = useToast();
  return useCallback(
    async (url: string) => {
      try {
        await copyText(shareUrl(url));
        toast.addToast({ message: t("Link copied to clipboard."), type: "success" });
      } catch {
        toast.addErrorToast();
      }
    },
    [toast],
  );
}
