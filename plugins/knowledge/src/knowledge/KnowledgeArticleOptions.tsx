import "../../api/knowledgeWidgets";
import { useState } from "react";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { DropDownItemButton } from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import { ArticleRevisionsModal } from "./ArticleRevisionsModal";
import { deleteArticle } from "./knowledgeClientApi";
import { KnowledgeConfirmDialog } from "./KnowledgeConfirmDialog";

/** An article's options for editors: 'Revisions' (list, view one, restore) and 'Delete Article'. */
export function KnowledgeArticleOptions({
  articleID,
  baseUrl,
}: RenderedWidgetProps<"KnowledgeArticleOptions">) {
  const [dialog, setDialog] = useState<"revisions" | "delete" | null>(null);
  return (
    <>
      <DropDownMenu label={t("Article Options")} buttonVariant="standard" buttonContent={t("Options")}>
        <DropDownItemButton onClick={() => setDialog("revisions")}>{t("Revisions")}</DropDownItemButton>
        <DropDownItemButton onClick={() => setDialog("delete")}>{t("Delete Article")}</DropDownItemButton>
      </DropDownMenu>
      {dialog === "revisions" && (
        <ArticleRevisionsModal
          articleID={articleID}
          onClose={() => setDialog(null)}
          onRestored={(article) => fullPageNavigate(article.url)}
        />
      )}
      <KnowledgeConfirmDialog
        isVisible={dialog === "delete"}
        title={t("Delete Article")}
        message={t("Delete this article with its revisions? This cannot be undone.")}
        confirmLabel={t("Delete")}
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          await deleteArticle(articleID);
          fullPageNavigate(baseUrl);
        }}
      />
    </>
  );
}
