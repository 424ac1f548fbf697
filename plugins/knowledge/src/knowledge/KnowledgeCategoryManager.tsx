import "../../api/knowledgeWidgets";
import { useEffect, useRef, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { deleteKnowledgeCategory, patchKnowledgeCategory } from "./knowledgeClientApi";
import { KnowledgeConfirmDialog } from "./KnowledgeConfirmDialog";
import { moveSorts, parentChoices, treeOrder, type ManagedCategory } from "./categoryOrder";

/**
 * A manager's categories of a help center: each moves under another parent (a select) or one place up or down
 * among its siblings (buttons, so the order is kept by keyboard; focus stays on the moved row), or is deleted
 * after a confirmation. The list follows each change at once.
 */
export function KnowledgeCategoryManager({
  rootCategoryID,
  categories: initial,
}: RenderedWidgetProps<"KnowledgeCategoryManager">) {
  const [categories, setCategories] = useState<ManagedCategory[]>(() => treeOrder(initial, rootCategoryID));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ManagedCategory | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After a move, focus stays on the moved row: the pressed button, the other one when it reached an end, or
  // its parent select.
  useEffect(() => {
    const list = listRef.current;
    if (!focusKey || !list) return;
    const [id, action] = focusKey.split(":");
    const opposite = action === "up" ? "down" : action === "down" ? "up" : "select";
    const target = [action, opposite, "select"]
      .map((key) => list.querySelector<HTMLElement>(`[data-focus-key="${id}:${key}"]`))
      .find((element) => element && !element.hasAttribute("disabled"));
    target?.focus();
    setFocusKey(null);
  }, [focusKey, categories]);

  const run = async (write: () => Promise<ManagedCategory[]>, focus: string | null) => {
    setBusy(true);
    setError(null);
    try {
      setCategories(treeOrder(await write(), rootCategoryID));
      setFocusKey(focus);
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(false);
    }
  };

  const move = (category: ManagedCategory, step: -1 | 1) =>
    run(
      async () => {
        const sorts = moveSorts(categories, category.knowledgeCategoryID, step);
        for (const change of sorts)
          await patchKnowledgeCategory(change.knowledgeCategoryID, { sort: change.sort });
        const byID = new Map(sorts.map((change) => [change.knowledgeCategoryID, change.sort]));
        return categories.map((item) => ({ ...item, sort: byID.get(item.knowledgeCategoryID) ?? item.sort }));
      },
      `${category.knowledgeCategoryID}:${step < 0 ? "up" : "down"}`,
    );

  const reparent = (category: ManagedCategory, parentID: number) =>
    run(async () => {
      // Last among its new siblings.
      const sort =
        Math.max(-1, ...categories.filter((item) => item.parentID === parentID).map((item) => item.sort)) + 1;
      await patchKnowledgeCategory(category.knowledgeCategoryID, { parentID, sort });
      return categories.map((item) =>
        item.knowledgeCategoryID === category.knowledgeCategoryID ? { ...item, parentID, sort } : item,
      );
    }, `${category.knowledgeCategoryID}:select`);

  if (categories.length === 0) return null;
  return (
    <section className="kbCategoryManager" aria-labelledby="kb-category-manager-title">
      <h2 id="kb-category-manager-title" className="kbSection-title" ref={headingRef} tabIndex={-1}>
        {t("Manage Categories")}
      </h2>
      {error && (
        <p className="formGroup-errors" role="alert">
          {error}
        </p>
      )}
      <ol className="kbCategoryManager-list" ref={listRef} aria-busy={busy || undefined}>
        {categories.map((category) => {
          const siblings = categories.filter((item) => item.parentID === category.parentID);
          const at = siblings.indexOf(category);
          const id = category.knowledgeCategoryID;
          return (
            <li
              key={id}
              className="kbCategoryManager-item"
              style={{ paddingInlineStart: `${(category.depth - 1) * 1.5}rem` }}
            >
              <span className="kbCategoryManager-name" dir="auto">
                {category.name}
              </span>
              <select
                className="kbCategoryManager-parent"
                aria-label={formatText(t("Parent of {name}"), { name: category.name })}
                value={category.parentID}
                disabled={busy}
                data-focus-key={`${id}:select`}
                onChange={(event) => void reparent(category, Number(event.target.value))}
              >
                <option value={rootCategoryID}>{t("Top Level")}</option>
                {parentChoices(categories, id).map((choice) => (
                  <option key={choice.knowledgeCategoryID} value={choice.knowledgeCategoryID}>
                    {`${"— ".repeat(choice.depth - 1)}${choice.name}`}
                  </option>
                ))}
              </select>
              <span className="kbCategoryManager-actions">
                <Button
                  compact
                  aria-label={formatText(t("Move {name} up"), { name: category.name })}
                  disabled={busy || at <= 0}
                  data-focus-key={`${id}:up`}
                  onClick={() => void move(category, -1)}
                >
                  ↑
                </Button>
                <Button
                  compact
                  aria-label={formatText(t("Move {name} down"), { name: category.name })}
                  disabled={busy || at >= siblings.length - 1}
                  data-focus-key={`${id}:down`}
                  onClick={() => void move(category, 1)}
                >
                  ↓
                </Button>
                <Button
                  compact
                  aria-label={formatText(t("Delete {name}"), { name: category.name })}
                  disabled={busy}
                  onClick={() => setDeleting(category)}
                >
                  {t("Delete")}
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <KnowledgeConfirmDialog
        isVisible={deleting !== null}
        title={t("Delete Category")}
        message={formatText(
          t("Delete the category {name}? A category that still holds articles or categories is kept."),
          { name: deleting?.name ?? "" },
        )}
        confirmLabel={t("Delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteKnowledgeCategory(deleting.knowledgeCategoryID);
          setCategories((current) =>
            current.filter((item) => item.knowledgeCategoryID !== deleting.knowledgeCategoryID),
          );
          setDeleting(null);
          // Its row is gone: focus goes to the list's heading, not to the page's start.
          window.setTimeout(() => headingRef.current?.focus(), 0);
        }}
      />
    </section>
  );
}
