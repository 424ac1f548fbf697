import type { Addon } from "@forum/api/addons";
import { Fragment, useEffect, useId, useState } from "react";
import { formatText, t } from "@library/src/i18n/translate";
import { LoadStatus, dataOf, errorOf } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { SectionError } from "../shell/SectionError";
import { AddonRetryButton } from "./AddonRetryButton";
import { AddonSettingsForm } from "./AddonSettingsForm";
import { fetchAddons, selectAddonToggle, selectAddons, toggleAddon } from "./addonsSlice";

const STATE_LABELS: Record<Addon["state"], string> = {
  enabled: "Enabled",
  disabled: "Disabled",
  failed: "Failed",
};

function AddonToggle({ addon }: { addon: Addon }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const request = useAppSelector((state) => selectAddonToggle(state, addon.addonID));
  if (!addon.canDisable) return <span className="dashboardTable-detail">{t("Always on")}</span>;
  const enable = !addon.enabled;
  const onClick = async () => {
    const result = await dispatch(toggleAddon({ addonID: addon.addonID, enabled: enable }));
    if (toggleAddon.fulfilled.match(result)) {
      const names = result.payload.map((changed) => changed.name).join(", ");
      toast.addToast({
        type: "success",
        message: formatText(t(enable ? "Enabled: {names}" : "Disabled: {names}"), { names }),
      });
    } else if (result.payload) {
      toast.addErrorToast(result.payload.message);
    }
  };
  return (
    <Button
      compact
      variant={enable ? "primary" : "standard"}
      pending={request.status === LoadStatus.LOADING}
      aria-label={formatText(t(enable ? "Enable {name}" : "Disable {name}"), { name: addon.name })}
      onClick={() => void onClick()}
    >
      {t(enable ? "Enable" : "Disable")}
    </Button>
  );
}

function AddonRow({ addon }: { addon: Addon }) {
  const requires = addon.require?.map((requirement) => requirement.name).join(", ");
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsID = useId();
  const hasSettings = addon.state === "enabled" && (addon.settings?.length ?? 0) > 0;
  return (
    <Fragment>
      <tr data-addon={addon.key}>
        <td>
          <div className="dashboardTable-name">{addon.name}</div>
          {addon.description && <div className="dashboardTable-detail">{addon.description}</div>}
          {requires && (
            <div className="dashboardTable-detail">
              {formatText(t("Requires: {names}"), { names: requires })}
            </div>
          )}
          {addon.state === "failed" && addon.error && (
            <div className="dashboardTable-detail dashboardTable-error" role="note">
              {addon.error}
            </div>
          )}
        </td>
        <td>{addon.version}</td>
        <td>{t(addon.type === "addon" ? "Addon" : addon.type === "theme" ? "Theme" : "Locale")}</td>
        <td>
          <span className={`statusBadge statusBadge--${addon.state}`}>{t(STATE_LABELS[addon.state])}</span>
        </td>
        <td className="dashboardTable-actions">
          {hasSettings && (
            <Button
              compact
              variant="text"
              aria-expanded={settingsOpen}
              aria-controls={settingsID}
              aria-label={formatText(t("{name} settings"), { name: addon.name })}
              onClick={() => setSettingsOpen((open) => !open)}
            >
              {t("Settings")}
            </Button>
          )}
          {addon.state === "failed" && addon.canRetry && <AddonRetryButton addon={addon} />}
          <AddonToggle addon={addon} />
        </td>
      </tr>
      {hasSettings && settingsOpen && (
        <tr id={settingsID} className="dashboardTable-expanded">
          <td colSpan={5}>
            <AddonSettingsForm addon={addon} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** Dashboard › Add-ons: every application and add-on, its state and load error, enable/disable. */
export function AddonsSection() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectAddons);
  useEffect(() => {
    void dispatch(fetchAddons());
  }, [dispatch]);
  const addons = dataOf(list);
  const error = errorOf(list);
  if (error && !addons)
    return <SectionError error={error} onRetry={() => void dispatch(fetchAddons({ force: true }))} />;
  if (!addons) return <Loader />;
  return (
    <DashboardTable columns={[t("Name"), t("Version"), t("Type"), t("Status")]} actions>
      {addons.map((addon) => (
        <AddonRow key={addon.addonID} addon={addon} />
      ))}
    </DashboardTable>
  );
}
