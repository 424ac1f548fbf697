import { useId, useState } from "react";
import type { Category } from "@forum/api/categories";
import type { LayoutView, StoredLayout } from "@forum/api/storedLayouts";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { putLayoutViews } from "./layoutsApi";

/** The page types whose layouts may also be applied to one category (and its subcategories). */
const PER_CATEGORY: readonly StoredLayout["layoutViewType"][] = ["discussionCategoryPage", "post"];

/** Where a layout applies, in words: the site default, a category by name, or a record by id. */
export function viewLabel(view: LayoutView, categories: readonly Category[]): string {
  switch (view.recordType) {
    case "global":
      return t("Site default");
    case "category": {
      const category = categories.find((one) => one.categoryID === view.recordID);
      return formatText(t("Category: {name}"), { name: category?.name ?? String(view.recordID) });
    }
    default:
      return `${view.recordType} ${view.recordID}`;
  }
}

function viewKey(view: LayoutView): string {
  return `${view.recordType}:${view.recordID}`;
}

/**
 * Where one layout applies (API.md 17 resolution: a category before the site default): each place with
 * Unassign, and a choice of another place to apply it to. Applying it where another layout of the same page
 * type applied takes that place over.
 */
export function LayoutAssignments({
  layout,
  categories,
  onChanged,
}: {
  layout: StoredLayout;
  categories: readonly Category[];
  onChanged: (layout: StoredLayout, message: string) => void;
}) {
  const id = useId();
  const action = useApiAction();
  const taken = new Set(layout.views.map(viewKey));
  const siteDefault: LayoutView = { recordType: "global", recordID: -1 };
  const choices: LayoutView[] = [
    siteDefault,
    ...(PER_CATEGORY.includes(layout.layoutViewType)
      ? categories.map((category): LayoutView => ({ recordType: "category", recordID: category.categoryID }))
      : []),
  ].filter((view) => !taken.has(viewKey(view)));
  const [chosen, setChosen] = useState("");
  const choice = choices.find((view) => viewKey(view) === chosen) ?? choices[0];
  const save = (views: LayoutView[], message: string) =>
    void action.run(async () => onChanged(await putLayoutViews(layout.layoutID, views), message));

  return (
    <div className="layoutAssignments">
      {layout.views.length === 0 ? (
        <p className="layoutEditor-hint">{t("Not applied")}</p>
      ) : (
        <ul className="layoutAssignments-list">
          {layout.views.map((view) => {
            const label = viewLabel(view, categories);
            return (
              <li key={viewKey(view)} className="layoutAssignments-item">
                <span>{label}</span>
                <Button
                  variant="text"
                  disabled={action.pending}
                  aria-label={formatText(t("Unassign {place}"), { place: label })}
                  onClick={() =>
                    save(
                      layout.views.filter((other) => viewKey(other) !== viewKey(view)),
                      t("The layout is unassigned."),
                    )
                  }
                >
                  {t("Unassign")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {choice ? (
        <div className="layoutEditor-add">
          <label htmlFor={`${id}-place`}>{t("Apply to")}</label>
          <select
            id={`${id}-place`}
            className="input"
            value={viewKey(choice)}
            onChange={(event) => setChosen(event.target.value)}
          >
            {choices.map((view) => (
              <option key={viewKey(view)} value={viewKey(view)}>
                {viewLabel(view, categories)}
              </option>
            ))}
          </select>
          <Button
            disabled={action.pending}
            onClick={() => save([...layout.views, choice], t("The layout is applied."))}
          >
            {t("Assign")}
          </Button>
        </div>
      ) : null}
      {action.error ? (
        <p className="layoutEditor-errors" role="alert">
          {action.error.message}
        </p>
      ) : null}
    </div>
  );
}
