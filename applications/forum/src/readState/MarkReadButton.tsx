import { useState } from "react";
import type { ApiError } from "@library/src/api/apiError";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { putMarkRead } from "@applications/forum/src/readState/readStateApi";

export type MarkReadButtonProps = RenderedWidgetProps<"MarkReadButton"> & {
  /** After the mark is stored; the page reloads by default so every marker goes. */
  onMarked?: () => void;
};

/** 'Mark Category Read' on a category's list, 'Mark All Read' elsewhere. */
export function MarkReadButton({ categoryID, onMarked }: MarkReadButtonProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const label = categoryID === undefined ? t("Mark All Read") : t("Mark Category Read");
  const mark = async () => {
    setPending(true);
    setError(null);
    try {
      await putMarkRead(categoryID);
      if (onMarked) onMarked();
      else window.location.reload();
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="markReadButton">
      <Button compact pending={pending} onClick={() => void mark()}>
        {label}
      </Button>
      {error ? (
        <span className="markReadButton-error" role="alert">
          {error.message}
        </span>
      ) : null}
    </span>
  );
}
