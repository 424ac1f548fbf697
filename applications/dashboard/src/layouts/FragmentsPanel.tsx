import { useId, useState } from "react";
import type { Fragment } from "@forum/api/fragments";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { ConfirmModal } from "../shell/ConfirmModal";
import { createFragment, deleteFragment, patchFragment } from "./layoutsApi";

/**
 * The saved fragment as a page shows it: the forum's `CustomFragmentWidget` (registered for the dashboard by
 * the forum application), its code in a sandboxed frame, 'Error Loading Fragment' when it fails.
 */
function FragmentPreview({ fragment }: { fragment: Fragment }) {
  const id = useId();
  const Widget = getComponent("CustomFragmentWidget");
  if (!Widget) return null;
  return (
    <section className="layoutsSection-fragmentPreview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("Preview")}</h3>
      <Widget
        // A new revision is a new frame.
        key={fragment.fragmentRevisionUUID}
        title={fragment.name}
        fragmentUUID={fragment.fragmentUUID}
        jsUrl={fragment.jsUrl}
        cssUrl={fragment.cssUrl}
      />
    </section>
  );
}

/**
 * Custom fragments (API.md 18): code for a custom widget. It runs in a sandboxed frame on the page, drawing
 * into `#fragment-root`; a fragment that fails shows 'Error Loading Fragment' instead. Listed with Edit and
 * Delete; the form adds one or saves the one being edited (a new revision), previewed as saved.
 */
export function FragmentsPanel({
  fragments,
  onChange,
}: {
  fragments: Fragment[];
  onChange: (fragments: Fragment[]) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [editing, setEditing] = useState<Fragment | null>(null);
  const [deleting, setDeleting] = useState<Fragment | null>(null);
  const [name, setName] = useState("");
  const [js, setJs] = useState("");
  const [css, setCss] = useState("");
  const action = useApiAction();
  const remove = useApiAction();

  const edit = (fragment: Fragment | null) => {
    setEditing(fragment);
    setName(fragment?.name ?? "");
    setJs(fragment?.js ?? "");
    setCss(fragment?.css ?? "");
    action.setError(null);
  };

  return (
    <section className="layoutsSection-fragments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Custom fragments")}</h2>
      {fragments.length > 0 ? (
        <ul className="layoutsSection-fragmentList">
          {fragments.map((fragment) => (
            <li key={fragment.fragmentUUID}>
              <span className="layoutsSection-name">{fragment.name}</span>
              <span className="layoutsSection-actions">
                <Button
                  variant="text"
                  aria-label={formatText(t("Edit {name}"), { name: fragment.name })}
                  onClick={() => edit(fragment)}
                >
                  {t("Edit")}
                </Button>
                <Button
                  variant="text"
                  aria-label={formatText(t("Delete {name}"), { name: fragment.name })}
                  onClick={() => setDeleting(fragment)}
                >
                  {t("Delete")}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="layoutEditor-hint">{t("No fragments yet.")}</p>
      )}
      <form
        className="layoutsSection-fragmentForm"
        aria-label={editing ? formatText(t("Edit {name}"), { name: editing.name }) : t("New fragment")}
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            if (editing) {
              const saved = await patchFragment(editing.fragmentUUID, { name, js, css });
              onChange(fragments.map((one) => (one.fragmentUUID === saved.fragmentUUID ? saved : one)));
              setEditing(saved);
              toast.addToast({ type: "success", message: t("The fragment is saved.") });
            } else {
              const created = await createFragment({ name, js, css });
              onChange([...fragments, created]);
              // Kept open on the new fragment, with its preview.
              setEditing(created);
            }
          });
        }}
      >
        <h3>{editing ? formatText(t("Edit {name}"), { name: editing.name }) : t("New fragment")}</h3>
        <div className="layoutEditor-field">
          <label htmlFor={`${id}-name`}>{t("Fragment name")}</label>
          <input
            id={`${id}-name`}
            className="input"
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="layoutEditor-field">
          <label htmlFor={`${id}-js`}>{t("JavaScript")}</label>
          <textarea
            id={`${id}-js`}
            className="input layoutsSection-code"
            spellCheck={false}
            value={js}
            onChange={(event) => setJs(event.target.value)}
          />
        </div>
        <div className="layoutEditor-field">
          <label htmlFor={`${id}-css`}>{t("CSS")}</label>
          <textarea
            id={`${id}-css`}
            className="input layoutsSection-code"
            spellCheck={false}
            value={css}
            onChange={(event) => setCss(event.target.value)}
          />
        </div>
        {action.error ? (
          <p className="layoutEditor-errors" role="alert">
            {action.error.message}
          </p>
        ) : null}
        <div className="layoutsSection-fragmentButtons">
          {editing ? (
            <Button variant="text" onClick={() => edit(null)}>
              {t("New fragment")}
            </Button>
          ) : null}
          <Button type="submit" variant="primary" disabled={action.pending}>
            {editing ? t("Save fragment") : t("Add fragment")}
          </Button>
        </div>
      </form>
      {editing ? <FragmentPreview fragment={editing} /> : null}
      <ConfirmModal
        isVisible={deleting !== null}
        title={t("Delete Fragment")}
        confirmLabel={t("Delete")}
        pending={remove.pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const fragment = deleting;
          if (!fragment) return;
          void remove.run(async () => {
            await deleteFragment(fragment.fragmentUUID);
            setDeleting(null);
            if (editing?.fragmentUUID === fragment.fragmentUUID) edit(null);
            onChange(fragments.filter((one) => one.fragmentUUID !== fragment.fragmentUUID));
            toast.addToast({ type: "success", message: t("The fragment is deleted.") });
          });
        }}
      >
        {deleting ? formatText(t("Delete the fragment {name}?"), { name: deleting.name }) : null}
        {remove.error ? (
          <p className="layoutEditor-errors" role="alert">
            {remove.error.message}
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
