import { useState, type ReactNode } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { PostBody } from "@applications/forum/src/layouts/PostBody";
import { previewBody } from "./postTypesApi";

export interface PostPreviewOptions {
  name: string;
  /** The body now in the editor. */
  body: () => Rich2Document | undefined;
}

export interface PostPreview {
  /** 'Preview' / 'Close Preview', for the row of the form's buttons. */
  toggle: ReactNode;
  /** The preview itself (or the error of rendering it), below the editor. */
  panel: ReactNode;
}

/**
 * 'Preview': the title and the body as readers will see them, the body rendered by the server (the renderer
 * that renders the post). 'Close Preview' goes back; the editor keeps its text meanwhile.
 */
export function usePostPreview({ name, body }: PostPreviewOptions): PostPreview {
  const [html, setHtml] = useState<string | null>(null);
  const action = useApiAction();
  const show = () =>
    action.run(async () => {
      setHtml(await previewBody(JSON.stringify(body() ?? []), "rich2"));
    });
  const toggle = (
    <Button onClick={() => (html === null ? void show() : setHtml(null))} disabled={action.pending}>
      {html === null ? t("Preview") : t("Close Preview")}
    </Button>
  );
  const panel = (
    <>
      {action.error && (
        <p className="formGroup-errors" role="alert">
          {action.error.message}
        </p>
      )}
      {html !== null && (
        <section className="postPreview" aria-label={t("Preview")}>
          <p className="postPreview-label" aria-hidden="true">
            {t("Preview")}
          </p>
          <h2 className="postPreview-title">{name.trim() || t("(Untitled)")}</h2>
          <PostBody html={html} />
        </section>
      )}
    </>
  );
  return { toggle, panel };
}
