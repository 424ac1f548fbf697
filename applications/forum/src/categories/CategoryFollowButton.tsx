import { useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";

/**
 * 'Follow' / 'Following' on a category page (PUT /categories/{id}/follow): a toggle button that shows the stored
 * state after each answer, and the error beside it when the change was refused.
 */
export function CategoryFollowButton({ categoryID, followed }: RenderedWidgetProps<"CategoryFollowButton">) {
  const [isFollowed, setFollowed] = useState(followed);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const toggle = async () => {
    setPending(true);
    setError(null);
    try {
      const response = await apiv2.put<{ followed: boolean }>(`categories/${categoryID}/follow`, {
        followed: !isFollowed,
      });
      setFollowed(response.data.followed);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="categoryFollow">
      <Button
        compact
        aria-pressed={isFollowed}
        pending={pending}
        disabled={pending}
        onClick={() => void toggle()}
      >
        {isFollowed ? t("Following") : t("Follow")}
      </Button>
      {error ? (
        <span className="categoryFollow-error" role="alert">
          {error.message}
        </span>
      ) : null}
    </span>
  );
}
