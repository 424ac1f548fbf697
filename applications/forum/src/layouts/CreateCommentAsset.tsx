import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export type CreateCommentAssetProps = RenderedWidgetProps<"CreateCommentAsset">;

/**
 * The comment box; a sign-in prompt for guests; a note on a closed discussion for members who may not comment.
 * `#create-comment` is the draft toast's target (SPEC 2).
 */
export function CreateCommentAsset({ composer, signInUrl, closed }: CreateCommentAssetProps) {
  if (composer) {
    return (
      <div className="commentComposer" id="create-comment">
        {composer}
      </div>
    );
  }
  if (signInUrl) {
    return (
      <p className="signInPrompt" id="create-comment">
        <a href={siteUrl(signInUrl)}>{t("Sign In")}</a> {t("to comment.")}
      </p>
    );
  }
  if (closed) {
    return (
      <p className="signInPrompt" id="create-comment">
        {t("This discussion has been closed.")}
      </p>
    );
  }
  return null;
}
