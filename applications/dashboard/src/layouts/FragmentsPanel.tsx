import { useId, useState } from "react";
import type { Fragment } from "@forum/api/fragments";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { createFragment } from "./layoutsApi";

/**
 * Custom fragments (API.md 18): code for a custom widget. It runs in a sandboxed frame on the page, drawing
 * into `#fragment-root`; a fragment that fails shows 'Error Loading Fragment' instead.
 */
export function FragmentsPanel({
  fragments,
  onCreated,
}: {
  fragments: Fragment[];
  onCreated: (fragment: Fragment) => void;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [js, setJs] = useState("");
  const [css, setCss] = useState("");
  const action = useApiAction();
  return (
    <section className="layoutsSection-fragments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Custom fragments")}</h2>
      {fragments.length > 0 ? (
        <ul className="layoutsSection-fragmentList">
          {fragments.map((fragment) => (
            <li key={fragment.fragmentUUID}>{fragment.name}</li>
          ))}
        </ul>
      ) : (
        <p className="layoutEditor-hint">{t("No fragments yet.")}</p>
      )}
      <form
        className="layoutsSection-fragmentForm"
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            onCreated(await createFragment({ name, js, css }));
            setName("");
            setJs("");
            setCss("");
          });
        }}
      >
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
            value={js}
            onChange={(event) => setJs(event.target.value)}
          />
        </div>
        <div className="layoutEditor-field">
          <label htmlFor={`${id}-css`}>{t("CSS")}</label>
          <textarea
            id={`${id}-css`}
            className="input layoutsSection-code"
            value={css}
            onChange={(event) => setCss(event.target.value)}
          />
        </div>
        {action.error ? (
          <p className="layoutEditor-errors" role="alert">
            {action.error.message}
          </p>
        ) : null}
        <Button type="submit" disabled={action.pending}>
          {t("Add fragment")}
        </Button>
      </form>
    </section>
  );
}
