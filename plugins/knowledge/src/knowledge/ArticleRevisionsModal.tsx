import { useEffect, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import type { Article, ArticleRevision } from "../../api/knowledgeApi";
import { getArticleRevisions, restoreArticleRevision } from "./knowledgeClientApi";

type Load =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "done"; revisions: ArticleRevision[] };

export interface ArticleRevisionsModalProps {
  articleID: number;
  onClose: () => void;
  onRestored: (article: Article) => void;
}

/**
 * An article's revisions, newest first (the current one marked), each with its author and date; one opens to
 * be read, and an earlier one is restored as a new revision.
 */
export function ArticleRevisionsModal({ articleID, onClose, onRestored }: ArticleRevisionsModalProps) {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [viewing, setViewing] = useState<ArticleRevision | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getArticleRevisions(articleID).then(
      (revisions) => live && setLoad({ status: "done", revisions }),
      (thrown: unknown) => live && setLoad({ status: "error", message: toApiError(thrown).message }),
    );
    return () => {
      live = false;
    };
  }, [articleID]);

  const currentID = load.status === "done" ? load.revisions[0]?.articleRevisionID : undefined;
  const restore = async (revision: ArticleRevision) => {
    setPending(true);
    setError(null);
    try {
      onRestored(await restoreArticleRevision(revision.articleRevisionID));
    } catch (thrown) {
      setError(toApiError(thrown).message);
      setPending(false);
    }
  };

  return (
    <Modal isVisible onClose={onClose} title={viewing ? viewing.name : t("Revisions")} size="large">
      {error && (
        <p className="formGroup-errors" role="alert">
          {error}
        </p>
      )}
      {load.status === "loading" && <Loader diameter={36} />}
      {load.status === "error" && (
        <p className="formGroup-errors" role="alert">
          {load.message}
        </p>
      )}
      {load.status === "done" && viewing && (
        <div className="kbRevision">
          <p className="kbRevision-meta">
            <span dir="auto">{viewing.insertUser.name}</span> · <DateTime timestamp={viewing.dateInserted} />
          </p>
          <div
            className="kbRevision-body userContent"
            dir="auto"
            dangerouslySetInnerHTML={{ __html: viewing.body }}
          />
          <div className="kbConfirm-actions">
            <Button onClick={() => setViewing(null)} disabled={pending}>
              {t("Back to Revisions")}
            </Button>
            {viewing.articleRevisionID !== currentID && (
              <Button variant="primary" pending={pending} onClick={() => void restore(viewing)}>
                {t("Restore This Revision")}
              </Button>
            )}
          </div>
        </div>
      )}
      {load.status === "done" && !viewing && (
        <ol className="kbRevisions">
          {load.revisions.map((revision) => (
            <li key={revision.articleRevisionID} className="kbRevisions-item">
              <span className="kbRevisions-name" dir="auto">
                {revision.name}
                {revision.articleRevisionID === currentID && (
                  <span className="metaBadge">{t("Current")}</span>
                )}
              </span>
              <span className="kbRevisions-meta">
                <span dir="auto">{revision.insertUser.name}</span> ·{" "}
                <DateTime timestamp={revision.dateInserted} />
              </span>
              <span className="kbRevisions-actions">
                <Button compact onClick={() => setViewing(revision)}>
                  {t("View")}
                </Button>
                {revision.articleRevisionID !== currentID && (
                  <Button compact disabled={pending} onClick={() => void restore(revision)}>
                    {t("Restore")}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
