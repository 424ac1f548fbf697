import { useApiAction } from "@library/src/api/useApiAction";
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
  const { pending, error, run } = useApiAction();
  const label = categoryID === undefined ? t("Mark All Read") : t("Mark Category Read");
  const mark = () =>
    run(async () => {
      await putMarkRead(categoryID);
      if (onMarked) onMarked();
      else window.location.reload();
    });
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
