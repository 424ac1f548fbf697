import { useCallback, useEffect, useId, useState } from "react";
import type { Tag } from "@forum/api/tags";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Pager } from "@library/src/ui/Pager/Pager";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { usePageParam, useQueryParam } from "../lists/usePageParam";
import { ConfirmModal } from "../shell/ConfirmModal";
import { ErrorLine, MergeTagsModal, RenameTagModal } from "./TagDialogs";
import { TAGS_PER_PAGE, deleteTag, fetchTags, mergeTags, renameTag } from "./tagAdminApi";
import "./tags.css";
import { formatFullNumber } from "@library/src/formatting/numbers";

type Dialog = { kind: "rename"; tag: Tag } | { kind: "delete"; tag: Tag } | { kind: "merge"; tags: Tag[] };

/**
 * Dashboard › Forum › Tags: find tags by name, rename one, merge several into one, delete an unused one. Every
 * change goes through the tags API, so it lands in the audit log.
 */
export function TagsSection() {
  const toast = useToast();
  const searchID = useId();
  const [page, setPage] = usePageParam();
  const [query, setQuery] = useQueryParam("query");
  const [typed, setTyped] = useState(query ?? "");
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const action = useApiAction();

  const load = useCallback(() => {
    setLoadError(null);
    fetchTags(query ?? "", page)
      .then((rows) => setTags(rows))
      .catch((error: unknown) => setLoadError(toApiError(error).message));
  }, [query, page]);
  useEffect(load, [load]);

  const finish = (message: string) => {
    toast.addToast({ type: "success", message });
    setDialog(null);
    setSelected(new Set());
    load();
  };
  const run = (work: () => Promise<void>, message: string) =>
    void action.run(work).then((done) => done && finish(message));

  const toggle = (tagID: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(tagID)) next.delete(tagID);
      else next.add(tagID);
      return next;
    });
  const chosen = (tags ?? []).filter((tag) => selected.has(tag.tagID));
  const open = (next: Dialog) => {
    action.setError(null);
    setDialog(next);
  };

  return (
    <>
      <form
        className="dashboardToolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim() || null);
        }}
      >
        <div className="dashboardToolbar-group">
          <label htmlFor={searchID}>{t("Find tags")}</label>
          <input
            id={searchID}
            className="input dashboardFilter"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit">{t("Search")}</Button>
        </div>
        <Button disabled={chosen.length < 2} onClick={() => open({ kind: "merge", tags: chosen })}>
          {formatText(t("Merge selected ({count})"), { count: chosen.length })}
        </Button>
      </form>
      {loadError ? (
        <p className="tagAdmin-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {tags === null && !loadError ? <Loader /> : null}
      {tags !== null && tags.length === 0 ? (
        <p className="dashboardEmpty">{t("No tags were found.")}</p>
      ) : null}
      {tags !== null && tags.length > 0 ? (
        <DashboardTable columns={["", t("Name"), t("Slug"), t("Discussions")]} actions>
          {tags.map((tag) => (
            <tr key={tag.tagID}>
              <td className="tagAdmin-check">
                <Checkbox
                  label={<span className="sr-only">{formatText(t("Select {tag}"), { tag: tag.name })}</span>}
                  checked={selected.has(tag.tagID)}
                  onChange={() => toggle(tag.tagID)}
                />
              </td>
              <td className="dashboardTable-name">
                <a href={`/discussions?tagID=${tag.tagID}`}>{tag.name}</a>
              </td>
              <td>{tag.urlcode}</td>
              <td>{formatFullNumber(tag.countDiscussions)}</td>
              <td className="dashboardTable-actions">
                <Button
                  compact
                  aria-label={formatText(t("Rename {tag}"), { tag: tag.name })}
                  onClick={() => open({ kind: "rename", tag })}
                >
                  {t("Rename")}
                </Button>
                <Button
                  compact
                  aria-label={formatText(t("Delete {tag}"), { tag: tag.name })}
                  onClick={() => open({ kind: "delete", tag })}
                >
                  {t("Delete")}
                </Button>
              </td>
            </tr>
          ))}
        </DashboardTable>
      ) : null}
      {tags !== null && (page > 1 || tags.length >= TAGS_PER_PAGE) ? (
        <Pager
          page={page}
          limit={TAGS_PER_PAGE}
          hasMorePages={tags.length >= TAGS_PER_PAGE}
          onChange={setPage}
        />
      ) : null}
      {dialog?.kind === "rename" && (
        <RenameTagModal
          tag={dialog.tag}
          action={action}
          onCancel={() => setDialog(null)}
          onSave={(name) =>
            run(
              () => renameTag(dialog.tag.tagID, name),
              formatText(t("The tag was renamed to {tag}."), { tag: name }),
            )
          }
        />
      )}
      {dialog?.kind === "merge" && (
        <MergeTagsModal
          tags={dialog.tags}
          action={action}
          onCancel={() => setDialog(null)}
          onMerge={(target, sources) =>
            run(
              () =>
                mergeTags(
                  target.tagID,
                  sources.map((tag) => tag.tagID),
                ),
              formatText(t("The tags were merged into {tag}."), { tag: target.name }),
            )
          }
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmModal
          isVisible
          title={t("Delete Tag")}
          confirmLabel={t("Delete")}
          pending={action.pending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            run(
              () => deleteTag(dialog.tag.tagID),
              formatText(t("The tag {tag} was deleted."), { tag: dialog.tag.name }),
            )
          }
        >
          <p>
            {dialog.tag.countDiscussions > 0
              ? formatText(
                  t(
                    "{tag} is on {count} discussions: merge it into another tag, or remove it from them first.",
                  ),
                  { tag: dialog.tag.name, count: dialog.tag.countDiscussions },
                )
              : formatText(t("Delete the tag {tag}?"), { tag: dialog.tag.name })}
          </p>
          <ErrorLine action={action} />
        </ConfirmModal>
      )}
    </>
  );
}
