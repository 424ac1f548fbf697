import type { Addon } from "@forum/api/addons";
import { formatText, t } from "@library/src/i18n/translate";
import { LoadStatus } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { selectAddonToggle, toggleAddon } from "./addonsSlice";

/**
 * Runs a failed add-on's migrations again (`PATCH /addons/{id}` with `enabled: true`), without a restart. The
 * row shows the outcome: running again, or failed with the new cause.
 */
export function AddonRetryButton({ addon }: { addon: Addon }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const request = useAppSelector((state) => selectAddonToggle(state, addon.addonID));
  const onClick = async () => {
    const result = await dispatch(toggleAddon({ addonID: addon.addonID, enabled: true }));
    if (toggleAddon.fulfilled.match(result)) {
      const retried = result.payload.find((changed) => changed.addonID === addon.addonID);
      if (retried?.state === "enabled")
        toast.addToast({
          type: "success",
          message: formatText(t("Enabled: {names}"), { names: addon.name }),
        });
      else toast.addErrorToast(retried?.error ?? formatText(t("{name} failed again."), { name: addon.name }));
    } else if (result.payload) {
      toast.addErrorToast(result.payload.message);
    }
  };
  return (
    <Button
      compact
      variant="primary"
      pending={request.status === LoadStatus.LOADING}
      aria-label={formatText(t("Retry {name}"), { name: addon.name })}
      onClick={() => void onClick()}
    >
      {t("Retry")}
    </Button>
  );
}
