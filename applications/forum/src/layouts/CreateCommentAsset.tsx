import type { ReactNode } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export interface CreateCommentAssetProps {
  /** The rendered `CommentComposer` node, for those who may comment. */
  composer?: ReactNode;
  /** For guests: where to sign in (with the Target back to this page). */
  signInUrl?: string;
}

/** The comment box, or a sign-in prompt for guests; `#create-comment` is the draft toast's target (SPEC 2). */
export function CreateCommentAsset({ composer, signInUrl }: CreateCommentAssetProps) {
  if (composer) {
    return (
      <div className="commentComposer" id="create-comment">
        {composer}
      </div>
    );
  }
  if (!signInUrl) return null;
  return (
    <p className="signInPrompt" id="create-comment">
      <a href={siteUrl(signInUrl)}>{t("Sign In")}</a> {t("to comment.")}
    </p>
  );
}
