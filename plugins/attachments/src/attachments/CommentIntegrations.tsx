import "../../api/attachmentsWidgets";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import { AttachmentActions } from "./AttachmentActions";
import { AttachmentCards } from "./AttachmentCards";
import "./attachments.css";

/**
 * Under a comment: 'Comment Options' with the integrations' actions ('Create Ticket'; an 'own' integration's for
 * the comment's author only), then the comment's attachments as cards, where the action's form opens too.
 */
export function CommentIntegrations({
  recordID,
  insertUserID,
  actions,
  attachments,
  integrations,
}: RenderedWidgetProps<"CommentIntegrations">) {
  const userID = useAppSelector(selectCurrentUser).userID;
  const offered = actions
    .filter((action) => !action.ownOnly || userID === insertUserID)
    .map(({ attachmentType, label }) => ({ attachmentType, label }));
  return (
    <div className="commentIntegrations">
      {offered.length > 0 && (
        <DropDownMenu
          label={t("Comment Options")}
          buttonContent={<OptionsIcon />}
          buttonClassName="commentIntegrations-button"
        >
          <AttachmentActions recordType="comment" recordID={recordID} actions={offered} />
        </DropDownMenu>
      )}
      <AttachmentCards
        recordType="comment"
        recordID={recordID}
        attachments={attachments}
        integrations={integrations}
      />
    </div>
  );
}

function OptionsIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx={5} cy={12} r={2} fill="currentColor" />
      <circle cx={12} cy={12} r={2} fill="currentColor" />
      <circle cx={19} cy={12} r={2} fill="currentColor" />
    </svg>
  );
}
