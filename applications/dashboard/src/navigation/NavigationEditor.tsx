import { useCallback, useEffect, useId, useMemo, useState } from "react";
import type { NavigationItem } from "@forum/api/navigation";
import type { Role } from "@forum/api/roles";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard";
import { savedNavigationItems } from "../translations/navigationItemTranslation";
import {
  fetchLocaleKeys,
  fetchNavigation,
  fetchRoles,
  resetNavigation,
  saveNavigation,
} from "./navigationAdminApi";
import { NavigationItemRow, type NavigationRowActions } from "./NavigationItemRow";
import {
  addItem,
  canNest,
  moveItem,
  nestItem,
  newItemID,
  removeItem,
  unnestItem,
  updateItem,
} from "./navigationTree";

/**
 * The title bar's navigation for one locale: add, reorder, nest (three levels: entries, mega-menu columns,
 * links), hide, limit to roles or a permission, badge. Saving replaces the locale's items; Restore Defaults
 * goes back to the built-in Posts and Categories.
 */
export function NavigationEditor() {
  const toast = useToast();
  const localeID = useId();
  const siteLocale = getConfig("garden.locale", "en");
  const [locales, setLocales] = useState<string[]>([siteLocale]);
  const [locale, setLocale] = useState(siteLocale);
  const [items, setItems] = useState<NavigationItem[] | null>(null);
  const [saved, setSaved] = useState("");
  const [isCustom, setIsCustom] = useState(false);
  const [roles, setRoles] = useState<Role[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useApiAction();
  const isDirty = items !== null && JSON.stringify(items) !== saved;
  const savedItems = useMemo(
    () => savedNavigationItems(saved ? (JSON.parse(saved) as NavigationItem[]) : []),
    [saved],
  );

  useEffect(() => {
    void fetchLocaleKeys(siteLocale).then(setLocales);
    fetchRoles()
      .then(setRoles)
      .catch(() => setRoles([]));
  }, [siteLocale]);

  const load = useCallback(() => {
    setLoadError(null);
    setItems(null);
    fetchNavigation(locale)
      .then((navigation) => {
        setItems(navigation.items);
        setSaved(JSON.stringify(navigation.items));
        setIsCustom(navigation.isCustom);
      })
      .catch((error: unknown) => setLoadError(toApiError(error).message));
  }, [locale]);
  useEffect(load, [load]);

  const edit = (change: (current: NavigationItem[]) => NavigationItem[]) =>
    setItems((current) => (current ? change(current) : current));
  const blankItem = (): NavigationItem => ({ id: newItemID(), name: "", url: "" });
  const actions: NavigationRowActions = {
    change: (path, change) => edit((current) => updateItem(current, path, change)),
    move: (path, direction) => edit((current) => moveItem(current, path, direction)),
    nest: (path) => edit((current) => nestItem(current, path)),
    unnest: (path) => edit((current) => unnestItem(current, path)),
    addChild: (path) => edit((current) => addItem(current, blankItem(), path)),
    remove: (path) => edit((current) => removeItem(current, path)),
    canNest: (path) => (items ? canNest(items, path) : false),
  };

  const save = () =>
    void action.run(async () => {
      const result = await saveNavigation(locale, items ?? []);
      setItems(result.items);
      setSaved(JSON.stringify(result.items));
      setIsCustom(true);
      toast.addToast({ type: "success", message: t("The navigation was saved.") });
    });
  const restore = () =>
    void action.run(async () => {
      await resetNavigation(locale);
      toast.addToast({ type: "success", message: t("The default navigation is back.") });
      load();
    });

  return (
    <section className="navEditor" aria-labelledby="navEditor-title">
      <UnsavedChangesGuard active={isDirty} />
      <div className="navEditor-header">
        <h2 id="navEditor-title">{t("Navigation Items")}</h2>
        {locales.length > 1 && (
          <div className="navEditor-locale">
            <label htmlFor={localeID}>{t("Language")}</label>
            <select
              id={localeID}
              className="input"
              value={locale}
              disabled={isDirty}
              onChange={(event) => setLocale(event.target.value)}
            >
              {locales.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p className="navEditor-help">
        {isCustom
          ? t("These items are this language's own.")
          : t("This language shows the default items until you save its own.")}
      </p>
      {loadError && (
        <p className="navEditor-error" role="alert">
          {loadError}
        </p>
      )}
      {items === null && !loadError && <Loader />}
      {items !== null && (
        <>
          {items.length === 0 ? (
            <p className="dashboardEmpty">{t("The title bar shows no navigation.")}</p>
          ) : (
            <ol className="navEditor-list">
              {items.map((item, index) => (
                <NavigationItemRow
                  key={item.id}
                  item={item}
                  path={[index]}
                  siblings={items.length}
                  roles={roles}
                  actions={actions}
                  errors={action.error?.errors ?? {}}
                  translatable={locale === siteLocale ? savedItems : undefined}
                />
              ))}
            </ol>
          )}
          {action.error && (
            <p className="navEditor-error" role="alert">
              {action.error.message}
            </p>
          )}
          <div className="navEditor-footer">
            <Button onClick={() => edit((current) => addItem(current, blankItem()))}>{t("Add Item")}</Button>
            <Button disabled={!isCustom} pending={action.pending} onClick={restore}>
              {t("Restore Defaults")}
            </Button>
            <Button variant="primary" disabled={!isDirty} pending={action.pending} onClick={save}>
              {t("Save")}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
