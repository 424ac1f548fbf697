import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import type { Theme } from "@forum/api/themes";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { InputField } from "@library/src/ui/forms/InputField";
import { useToast } from "@library/src/ui/Toast/useToast";
import { SectionError } from "../shell/SectionError";
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard";
import { PREVIEW_LANDING } from "./ThemeList";
import { ThemeLivePreview } from "./ThemeLivePreview";
import { ThemeVariableField } from "./ThemeVariableField";
import { THEME_FIELD_GROUPS } from "./themeEditorFields";
import {
  assetsInput,
  createTheme,
  fetchTheme,
  fetchThemeAssetsOrNone,
  patchTheme,
  previewTheme,
} from "./themesApi";

interface Draft {
  name: string;
  parentTheme: string;
  variables: Record<string, string>;
  styles: string;
  javascript: string;
  header: string;
  footer: string;
}

const CUSTOM_FIELDS = [
  { key: "styles", label: "Custom CSS" },
  { key: "javascript", label: "Custom JavaScript" },
  { key: "header", label: "Header HTML" },
  { key: "footer", label: "Footer HTML" },
] as const;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function draftOf(theme: Theme, asCopy: boolean): Draft {
  const variables = theme.assets?.variables?.data;
  return {
    name: asCopy ? "" : theme.name,
    parentTheme: asCopy ? String(theme.themeID) : (theme.parentTheme ?? ""),
    variables: variables && typeof variables === "object" ? { ...(variables as Record<string, string>) } : {},
    styles: text(theme.assets?.styles?.data),
    javascript: text(theme.assets?.javascript?.data),
    header: text(theme.assets?.header?.data),
    footer: text(theme.assets?.footer?.data),
  };
}

const EMPTY: Draft = {
  name: "",
  parentTheme: "",
  variables: {},
  styles: "",
  javascript: "",
  header: "",
  footer: "",
};

/**
 * The visual theme editor: name, the variables by group (colours, fonts, sizes, title bar, banner, buttons)
 * with a live preview beside them, and the custom CSS, JavaScript, header and footer. Each save is a revision;
 * Save and Preview shows the saved theme on the site to this manager, with the preview toast.
 */
export function ThemeEditor({ themeID }: { themeID: string | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [search] = useSearchParams();
  const template = themeID === null ? search.get("parentTheme") : null;
  const [draft, setDraft] = useState<Draft | null>(themeID === null && !template ? EMPTY : null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [dirty, setDirty] = useState(false);
  const action = useApiAction();
  const formID = useId();

  useEffect(() => {
    if (themeID !== null)
      fetchTheme(themeID)
        .then((theme) => setDraft(draftOf(theme, false)))
        .catch((caught: unknown) => setLoadError(toApiError(caught)));
    else if (template)
      fetchThemeAssetsOrNone(template)
        .then((theme) => setDraft(theme ? draftOf(theme, true) : EMPTY))
        .catch((caught: unknown) => setLoadError(toApiError(caught)));
  }, [themeID, template]);

  if (loadError) return <SectionError error={loadError} />;
  if (!draft) return <Loader />;

  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setDirty(true);
  };
  const setVariable = (variable: string, value: string) =>
    change({ variables: { ...draft.variables, [variable]: value } });

  const save = async (): Promise<Theme> => {
    const assets = assetsInput(draft);
    const saved =
      themeID === null
        ? await createTheme({
            name: draft.name,
            ...(draft.parentTheme ? { parentTheme: draft.parentTheme } : {}),
            assets,
          })
        : await patchTheme(themeID, { name: draft.name, assets });
    setDirty(false);
    return saved;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action
      .run(async () => {
        await save();
      })
      .then((done) => {
        if (!done) return;
        toast.addToast({ type: "success", message: t("The theme was saved.") });
        void navigate("/dashboard/appearance/style-guides");
      });
  };
  const saveAndPreview = () =>
    void action
      .run(async () => {
        const saved = await save();
        await previewTheme(saved.themeID);
      })
      .then((done) => {
        if (done) fullPageNavigate(PREVIEW_LANDING);
      });
  const nameErrors = action.error?.errors.name;

  return (
    <form className="themeEditor" id={formID} onSubmit={submit} noValidate>
      <UnsavedChangesGuard active={dirty && !action.pending} />
      <div className="themeEditor-main">
        <InputField
          label={t("Theme name")}
          value={draft.name}
          required
          maxLength={100}
          errors={nameErrors}
          onChange={(event) => change({ name: event.target.value })}
        />
        {THEME_FIELD_GROUPS.map((group) => (
          <fieldset key={group.key} className="themeEditor-group">
            <legend className="themeEditor-legend">{t(group.label)}</legend>
            {group.fields.map((field) => (
              <ThemeVariableField
                key={field.variable}
                field={field}
                value={draft.variables[field.variable] ?? ""}
                onChange={(value) => setVariable(field.variable, value)}
              />
            ))}
          </fieldset>
        ))}
        <fieldset className="themeEditor-group">
          <legend className="themeEditor-legend">{t("Custom code")}</legend>
          {CUSTOM_FIELDS.map((field) => (
            <label key={field.key} className="themeEditor-code">
              <span className="themeField-label">{t(field.label)}</span>
              <textarea
                className="input themeEditor-textarea"
                rows={4}
                spellCheck={false}
                value={draft[field.key]}
                onChange={(event) => change({ [field.key]: event.target.value })}
              />
            </label>
          ))}
        </fieldset>
        {action.error && (
          <p className="themeEditor-error" role="alert">
            {action.error.message}
          </p>
        )}
        <div className="themeEditor-actions">
          <Button type="submit" variant="primary" disabled={action.pending}>
            {t("Save")}
          </Button>
          <Button type="button" disabled={action.pending} onClick={saveAndPreview}>
            {t("Save and Preview")}
          </Button>
          <Link className="button" to="/dashboard/appearance/style-guides">
            {t("Cancel")}
          </Link>
        </div>
      </div>
      <aside className="themeEditor-preview">
        <ThemeLivePreview variables={draft.variables} />
      </aside>
    </form>
  );
}
