import type { Category } from "@forum/api/categories";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { SectionError } from "../shell/SectionError";
import { categoryTranslationProperties, SOURCE_CONTENT_HEADERS } from "../translations/categoryTranslation";
import { TranslateButton } from "../translations/TranslateButton";
import { CategoryFormModal, DeleteCategoryModal } from "./CategoryDialogs";
import { dropOn, indent, moveDown, moveUp, outdent, type TreeOrder } from "./categoryTreeModel";
import "./categories.css";

type Dialog = { kind: "create" } | { kind: "edit" | "delete"; category: Category } | null;

const MOVES = [
  { key: "up", label: "Move {name} up", text: "Up", move: moveUp },
  { key: "down", label: "Move {name} down", text: "Down", move: moveDown },
  { key: "indent", label: "Indent {name}", text: "Indent", move: indent },
  { key: "outdent", label: "Outdent {name}", text: "Outdent", move: outdent },
] as const;

/**
 * Dashboard › Categories: the tree in order. Each row moves up, down, in (under the row above) and out with
 * buttons (so the keyboard can do everything), or by drag and drop: drop on a row's name to put it before that
 * row, on its "Drop inside" end to nest it. Every move is one `PUT /categories/tree`. Moves are saved one after
 * the other, each planned on the tree as the one before it left it: a drop made while a move is being saved waits
 * for that move and its reload, so it can never send an order computed before that move and undo it.
 */
export function CategoriesSection() {
  const toast = useToast();
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  /** Moves asked for and not yet saved (the one being saved included). */
  const [movesPending, setMovesPending] = useState(0);
  const moving = movesPending > 0;
  /** The tree as last loaded: a queued move is planned on it when its turn comes, never on an older render's. */
  const tree = useRef<Category[] | null>(null);
  const moveQueue = useRef<Promise<void>>(Promise.resolve());
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const focusAfterLoad = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const load = async () => {
    try {
      const response = await apiv2.get<Category[]>("categories", {
        params: { outputFormat: "flat", limit: 500 },
        headers: SOURCE_CONTENT_HEADERS,
      });
      tree.current = response.data;
      setCategories(response.data);
      setError(null);
    } catch (caught) {
      setError(toApiError(caught));
    }
  };
  useEffect(() => {
    void load();
  }, []);
  useEffect(() => {
    const label = focusAfterLoad.current;
    if (!label || !categories) return;
    focusAfterLoad.current = null;
    const button = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find(
      (candidate) => candidate.getAttribute("aria-label") === label && !candidate.disabled,
    );
    button?.focus();
  }, [categories]);

  if (error && !categories) return <SectionError error={error} onRetry={() => void load()} />;
  if (!categories) return <Loader />;

  /** Queues a move: `plan` gives the order to send from the tree as it is when the move's turn comes. */
  const apply = (
    plan: (current: readonly Category[]) => TreeOrder | null,
    name: string,
    focusLabel: string | null,
  ) => {
    setMovesPending((count) => count + 1);
    moveQueue.current = moveQueue.current.then(async () => {
      try {
        const order = tree.current ? plan(tree.current) : null;
        if (!order) return;
        await apiv2.put("categories/tree", order);
        focusAfterLoad.current = focusLabel;
        await load();
        setAnnouncement(formatText(t("Moved {name}."), { name }));
      } catch (caught) {
        toast.addErrorToast(toApiError(caught).message);
      } finally {
        setMovesPending((count) => count - 1);
      }
    });
  };

  const onDrop = (event: DragEvent, target: Category, asChild: boolean) => {
    event.preventDefault();
    // The id travels with the drag itself, so a drop that arrives before the render of its dragstart still knows
    // what was dragged; the state is the fallback for browsers that hide the data.
    const carried = Number((event.dataTransfer as DataTransfer | null)?.getData("text/plain"));
    const sourceID = Number.isInteger(carried) && carried > 0 ? carried : dragged;
    const source = categories.find((category) => category.categoryID === sourceID);
    setDragged(null);
    if (!source) return;
    apply((current) => dropOn(current, source.categoryID, target.categoryID, asChild), source.name, null);
  };

  const saved = (template: string) => (name: string) => {
    toast.addToast({ type: "success", message: formatText(t(template), { name }) });
    void load();
  };

  return (
    <>
      <div className="dashboardToolbar">
        <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
          {t("New category")}
        </Button>
        <span className="formGroup-description">
          {t("Drag a category onto another to put it before that one, or onto “Drop inside” to nest it.")}
        </span>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="categoryTree" ref={listRef} aria-busy={moving || undefined} aria-label={t("Categories")}>
        {categories.map((category) => (
          <li
            key={category.categoryID}
            className={`categoryTree-row${dragged === category.categoryID ? " isDragged" : ""}`}
            style={{ paddingLeft: `${(category.depth - 1) * 28 + 12}px` }}
            aria-level={category.depth}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", String(category.categoryID));
              setDragged(category.categoryID);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <div
              className="categoryTree-main"
              data-testid={`drop-before-${category.categoryID}`}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, category, false)}
            >
              <span className="categoryTree-handle" aria-hidden="true">
                ⋮⋮
              </span>
              <span className="categoryTree-name">{category.name}</span>
              <span className="categoryTree-detail">
                {category.countDiscussions === 1
                  ? t("1 discussion")
                  : formatText(t("{count} discussions"), { count: category.countDiscussions })}{" "}
                · /{category.urlcode}
              </span>
            </div>
            <div className="categoryTree-actions">
              {MOVES.map((action) => {
                const order = action.move(categories, category.categoryID);
                const label = formatText(t(action.label), { name: category.name });
                return (
                  <Button
                    key={action.key}
                    compact
                    aria-label={label}
                    disabled={moving || order === null}
                    onClick={() =>
                      apply((current) => action.move(current, category.categoryID), category.name, label)
                    }
                  >
                    {t(action.text)}
                  </Button>
                );
              })}
              <Button
                compact
                aria-label={formatText(t("Edit {name}"), { name: category.name })}
                onClick={() => setDialog({ kind: "edit", category })}
              >
                {t("Edit")}
              </Button>
              <TranslateButton title={category.name} properties={categoryTranslationProperties(category)} />
              <Button
                compact
                aria-label={formatText(t("Delete {name}"), { name: category.name })}
                onClick={() => setDialog({ kind: "delete", category })}
              >
                {t("Delete")}
              </Button>
              <span
                className="categoryTree-dropInside"
                data-testid={`drop-inside-${category.categoryID}`}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, category, true)}
              >
                {t("Drop inside")}
              </span>
            </div>
          </li>
        ))}
      </ol>
      {dialog?.kind === "create" && (
        <CategoryFormModal
          category={null}
          categories={categories}
          onClose={() => setDialog(null)}
          onSaved={saved("The category {name} was created.")}
        />
      )}
      {dialog?.kind === "edit" && (
        <CategoryFormModal
          category={dialog.category}
          categories={categories}
          onClose={() => setDialog(null)}
          onSaved={saved("Your changes have been saved.")}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteCategoryModal
          category={dialog.category}
          categories={categories}
          onClose={() => setDialog(null)}
          onDeleted={saved("The category {name} was deleted.")}
          onStopped={() => void load()}
        />
      )}
    </>
  );
}
