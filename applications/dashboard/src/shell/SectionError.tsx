import type { ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";

/** A section that failed to load or render: the error's message and, when it can be fetched again, Retry. */
export function SectionError({ error, onRetry }: { error?: ApiError | undefined; onRetry?: () => void }) {
  return (
    <div className="dashboardError" role="alert">
      <p className="dashboardError-message">{error?.message ?? t("There was an error")}</p>
      {onRetry && (
        <Button compact onClick={onRetry}>
          {t("Retry")}
        </Button>
      )}
    </div>
  );
}
