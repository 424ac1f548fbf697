import { useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";

/**
 * 'Follow' / 'Following' on a category page (PUT /categories/{id}/follow): a toggle button that shows the stored
 * state after each answer, and the error beside it when the change was refused.
 */
export function CategoryFollowButton({ categoryID, followed }: RenderedWidgetProps<"CategoryFollowButton">) {
  const [isFollowed, setFollowed] = useState(followed);
  const { pending, error, run } = useApiAction();
  const toggle = () =>
    run(async () => {
      const response = await apiv2.put<{ followed: boolean }>(`categories/${categoryID}/follow`, {
        followed: !isFollowed,
      });
      setFollowed(response.data.followed);
    });
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
