import { useCallback, useEffect, useId, useState } from "react";
import type { Category } from "@forum/api/categories";
import type { Fragment } from "@forum/api/fragments";
import { EDITABLE_VIEW_TYPES, type EditableViewType } from "@forum/api/layoutWidgetOptions";
import type { StoredLayout } from "@forum/api/storedLayouts";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { ConfirmModal } from "../shell/ConfirmModal";
import { FragmentsPanel } from "./FragmentsPanel";
import { LayoutAssignments, viewLabel } from "./LayoutAssignments";
import { LayoutEditor } from "./LayoutEditor";
import { VIEW_TYPE_FLAGS } from "./layoutEditorModel";
import { viewTypeLabel } from "./layoutLabels";
import {
  deleteLayout,
  fetchCategories,
  fetchFragments,
  fetchLayouts,
  putLayoutViews,
  setCustomLayoutFlag,
} from "./layoutsApi";
import "./layoutEditor.css";

type Editing = { layout: StoredLayout | null; viewType: EditableViewType };

function appliedLabel(layout: StoredLayout, categories: readonly Category[]): string {
  if (layout.views.length === 0) return t("Not applied");
  return layout.views.map((view) => viewLabel(view, categories)).join(", ");
}

/** Whether the view type's pages are drawn from layouts (its `customLayout.*` flag), switched here. */
function CustomLayoutSwitch({ viewType }: { viewType: EditableViewType }) {
  const flag = VIEW_TYPE_FLAGS[viewType];
  const [on, setOn] = useState(() => getConfig<boolean>(flag, false));
  const action = useApiAction();
  return (
    <label className="layoutEditor-check">
      <input
        type="checkbox"
        checked={on}
        disabled={action.pending}
        onChange={(event) => {
          const next = event.target.checked;
          // Shown at once; put back if the server refuses.
          setOn(next);
          void action
            .run(() => setCustomLayoutFlag(flag, next))
            .then((done) => {
              if (!done) setOn(!next);
            });
        }}
      />
      {t("Draw these pages from their layout")}
      {action.error ? <span className="layoutEditor-errors">{action.error.message}</span> : null}
    </label>
  );
}

/**
 * Dashboard › Appearance › Layouts: the layouts of each page type, which one applies, the editor, and the
 * custom fragments a layout may run.
 */
export function LayoutsSection() {
  const toast = useToast();
  const id = useId();
  const [layouts, setLayouts] = useState<StoredLayout[] | null>(null);
  const [fragments, setFragments] = useState<Fragment[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [assigning, setAssigning] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StoredLayout | null>(null);
  const [newType, setNewType] = useState<EditableViewType>("home");
  const action = useApiAction();

  const load = useCallback(() => {
    setLoadError(null);
    Promise.all([fetchLayouts(), fetchFragments(), fetchCategories()])
      .then(([rows, codes, tree]) => {
        setLayouts(rows);
        setFragments(codes);
        setCategories(tree);
      })
      .catch((error: unknown) => setLoadError(toApiError(error).message));
  }, []);
  useEffect(load, [load]);

  if (editing)
    return (
      <LayoutEditor
        layout={editing.layout}
        viewType={editing.viewType}
        fragments={fragments}
        onCancel={() => setEditing(null)}
        onSaved={(_, message) => {
          toast.addToast({ type: "success", message });
          setEditing(null);
          load();
        }}
      />
    );
  if (loadError)
    return (
      <p className="layoutEditor-errors" role="alert">
        {loadError}
      </p>
    );
  if (!layouts) return <Loader />;

  const apply = (layout: StoredLayout) =>
    void action.run(async () => {
      await putLayoutViews(layout.layoutID, [...layout.views, { recordType: "global", recordID: -1 }]);
      toast.addToast({ type: "success", message: t("The layout is applied.") });
      load();
    });
  return (
    <div className="layoutsSection">
      <div className="dashboardToolbar">
        <div className="dashboardToolbar-group">
          <label htmlFor={`${id}-type`}>{t("Page")}</label>
          <select
            id={`${id}-type`}
            className="input"
            value={newType}
            onChange={(event) => setNewType(event.target.value as EditableViewType)}
          >
            {EDITABLE_VIEW_TYPES.map((viewType) => (
              <option key={viewType} value={viewType}>
                {viewTypeLabel(viewType)}
              </option>
            ))}
          </select>
          <Button variant="primary" onClick={() => setEditing({ layout: null, viewType: newType })}>
            {t("New layout")}
          </Button>
        </div>
      </div>
      {action.error ? (
        <p className="layoutEditor-errors" role="alert">
          {action.error.message}
        </p>
      ) : null}
      {EDITABLE_VIEW_TYPES.map((viewType) => {
        const ofType = layouts.filter((layout) => layout.layoutViewType === viewType);
        return (
          <section key={viewType} className="layoutsSection-group" aria-labelledby={`${id}-${viewType}`}>
            <h2 id={`${id}-${viewType}`}>{viewTypeLabel(viewType)}</h2>
            {viewType !== "subcommunityHome" && viewType !== "discussionCategoryPage" ? (
              <CustomLayoutSwitch viewType={viewType} />
            ) : null}
            {ofType.length === 0 ? (
              <p className="layoutEditor-hint">{t("The built-in layout is used.")}</p>
            ) : (
              <ul className="layoutsSection-list">
                {ofType.map((layout) => (
                  <li key={layout.layoutID} className="layoutsSection-item">
                    <span className="layoutsSection-name">{layout.name}</span>
                    <span className="layoutsSection-applied">{appliedLabel(layout, categories)}</span>
                    <span className="layoutsSection-actions">
                      <Button
                        variant="text"
                        onClick={() => setEditing({ layout, viewType })}
                        aria-label={formatText(t("Edit {name}"), { name: layout.name })}
                      >
                        {t("Edit")}
                      </Button>
                      <Button
                        variant="text"
                        aria-expanded={assigning === layout.layoutID}
                        onClick={() => setAssigning(assigning === layout.layoutID ? null : layout.layoutID)}
                        aria-label={formatText(t("Where {name} applies"), { name: layout.name })}
                      >
                        {t("Where it applies")}
                      </Button>
                      {layout.views.some((view) => view.recordType === "global") ? null : (
                        <Button
                          variant="text"
                          disabled={action.pending}
                          onClick={() => apply(layout)}
                          aria-label={formatText(t("Apply {name}"), { name: layout.name })}
                        >
                          {t("Apply")}
                        </Button>
                      )}
                      <Button
                        variant="text"
                        onClick={() => setDeleting(layout)}
                        aria-label={formatText(t("Delete {name}"), { name: layout.name })}
                      >
                        {t("Delete")}
                      </Button>
                    </span>
                    {assigning === layout.layoutID ? (
                      <LayoutAssignments
                        layout={layout}
                        categories={categories}
                        onChanged={(_, message) => {
                          toast.addToast({ type: "success", message });
                          load();
                        }}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <FragmentsPanel fragments={fragments} onChange={setFragments} />
      <ConfirmModal
        isVisible={deleting !== null}
        title={t("Delete Layout")}
        confirmLabel={t("Delete")}
        pending={action.pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const layout = deleting;
          if (!layout) return;
          void action.run(async () => {
            await deleteLayout(layout.layoutID);
            setDeleting(null);
            toast.addToast({ type: "success", message: t("The layout is deleted.") });
            load();
          });
        }}
      >
        {deleting
          ? formatText(t("Delete the layout {name}? Its pages go back to the built-in layout."), {
              name: deleting.name,
            })
          : null}
      </ConfirmModal>
    </div>
  );
}
