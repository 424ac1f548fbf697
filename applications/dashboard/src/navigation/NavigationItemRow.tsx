import type { ValidationErrorItem } from "@forum/api/common";
import type { NavigationItem } from "@forum/api/navigation";
import type { Role } from "@forum/api/roles";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { InputField } from "@library/src/ui/forms/InputField";
import { navigationItemTranslationProperties } from "../translations/navigationItemTranslation";
import { TranslateButton } from "../translations/TranslateButton";
import { MAX_NAVIGATION_DEPTH, type ItemPath } from "./navigationTree";

/** What a row can ask its editor to do with the item at its path. */
export interface NavigationRowActions {
  change: (path: ItemPath, change: Partial<NavigationItem>) => void;
  move: (path: ItemPath, direction: -1 | 1) => void;
  nest: (path: ItemPath) => void;
  unnest: (path: ItemPath) => void;
  addChild: (path: ItemPath) => void;
  remove: (path: ItemPath) => void;
  canNest: (path: ItemPath) => boolean;
}

export interface NavigationItemRowProps {
  item: NavigationItem;
  path: ItemPath;
  siblings: number;
  roles: Role[];
  actions: NavigationRowActions;
  /** The API's validation errors by field (`items[0].children[1].url`). */
  errors: Record<string, ValidationErrorItem[]>;
  /**
   * The saved items whose names get the translate icon, by id (the site language's, which other languages
   * borrow); none elsewhere.
   */
  translatable?: ReadonlyMap<string, NavigationItem>;
}

/** The API's field name of an item's property (`items[0].children[1].url`). */
export function itemField(path: ItemPath, property: string): string {
  return `items${path.map((index, level) => (level === 0 ? `[${index}]` : `.children[${index}]`)).join("")}.${property}`;
}

/** One item of the navigation editor, with its own children nested below it. */
export function NavigationItemRow({
  item,
  path,
  siblings,
  roles,
  actions,
  errors,
  translatable,
}: NavigationItemRowProps) {
  const saved = translatable?.get(item.id);
  const index = path[path.length - 1] ?? 0;
  const label = item.name || t("New item");
  const roleIDs = item.roleIDs ?? [];
  const toggleRole = (roleID: number) =>
    actions.change(path, {
      roleIDs: roleIDs.includes(roleID) ? roleIDs.filter((id) => id !== roleID) : [...roleIDs, roleID],
    });

  return (
    <li className="navEditor-item">
      <fieldset className="navEditor-row">
        <legend className="sr-only">{label}</legend>
        <div className="navEditor-fields">
          <InputField
            label={t("Name")}
            value={item.name}
            maxLength={100}
            errors={errors[itemField(path, "name")]}
            onChange={(event) => actions.change(path, { name: event.target.value })}
          />
          <InputField
            label={t("Link")}
            value={item.url}
            maxLength={500}
            placeholder="/discussions"
            errors={errors[itemField(path, "url")]}
            onChange={(event) => actions.change(path, { url: event.target.value })}
          />
          <InputField
            label={t("Badge")}
            value={item.badge?.text ?? ""}
            maxLength={20}
            className="navEditor-badge"
            onChange={(event) =>
              actions.change(path, {
                badge: event.target.value ? { type: "text", text: event.target.value } : null,
              })
            }
          />
          <InputField
            label={t("Permission")}
            value={item.permission ?? ""}
            maxLength={100}
            className="navEditor-permission"
            onChange={(event) => actions.change(path, { permission: event.target.value || undefined })}
          />
        </div>
        <div className="navEditor-options">
          <Checkbox
            label={t("Hidden")}
            checked={item.isHidden === true}
            onChange={(event) => actions.change(path, { isHidden: event.target.checked })}
          />
          <details className="navEditor-roles">
            <summary>
              {roleIDs.length === 0
                ? t("All roles")
                : formatText(t("Roles ({count})"), { count: roleIDs.length })}
            </summary>
            <div className="navEditor-roleList">
              {roles.map((role) => (
                <Checkbox
                  key={role.roleID}
                  label={role.name}
                  checked={roleIDs.includes(role.roleID)}
                  onChange={() => toggleRole(role.roleID)}
                />
              ))}
            </div>
          </details>
        </div>
        <div className="navEditor-actions">
          <Button
            compact
            disabled={index === 0}
            aria-label={formatText(t("Move {name} up"), { name: label })}
            onClick={() => actions.move(path, -1)}
          >
            {t("Up")}
          </Button>
          <Button
            compact
            disabled={index === siblings - 1}
            aria-label={formatText(t("Move {name} down"), { name: label })}
            onClick={() => actions.move(path, 1)}
          >
            {t("Down")}
          </Button>
          <Button
            compact
            disabled={!actions.canNest(path)}
            aria-label={formatText(t("Nest {name} under the item above"), { name: label })}
            onClick={() => actions.nest(path)}
          >
            {t("Nest")}
          </Button>
          <Button
            compact
            disabled={path.length < 2}
            aria-label={formatText(t("Move {name} out of its group"), { name: label })}
            onClick={() => actions.unnest(path)}
          >
            {t("Unnest")}
          </Button>
          <Button
            compact
            disabled={path.length >= MAX_NAVIGATION_DEPTH}
            aria-label={formatText(t("Add a child to {name}"), { name: label })}
            onClick={() => actions.addChild(path)}
          >
            {t("Add Child")}
          </Button>
          {saved && saved.name.trim() !== "" && (
            <TranslateButton title={saved.name} properties={navigationItemTranslationProperties(saved)} />
          )}
          <Button
            compact
            aria-label={formatText(t("Remove {name}"), { name: label })}
            onClick={() => actions.remove(path)}
          >
            {t("Remove")}
          </Button>
        </div>
      </fieldset>
      {item.children && item.children.length > 0 && (
        <ol className="navEditor-list navEditor-list--nested">
          {item.children.map((child, childIndex) => (
            <NavigationItemRow
              key={child.id}
              item={child}
              path={[...path, childIndex]}
              siblings={item.children?.length ?? 0}
              roles={roles}
              actions={actions}
              errors={errors}
              translatable={translatable}
            />
          ))}
        </ol>
      )}
    </li>
  );
}
