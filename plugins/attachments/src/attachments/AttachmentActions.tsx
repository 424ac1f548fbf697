import "../../api/attachmentsWidgets";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { DropDownItemButton } from "@library/src/ui/DropDownMenu/DropDownItems";
import { requestAttachmentForm } from "./attachmentFormRequests";

/** The integrations' items of a post's options menu ('Create Ticket'): each opens its form under the post. */
export function AttachmentActions({
  recordType,
  recordID,
  actions,
}: RenderedWidgetProps<"AttachmentActions">) {
  return (
    <>
      {actions.map((action) => (
        <DropDownItemButton
          key={action.attachmentType}
          onClick={() =>
            requestAttachmentForm({ attachmentType: action.attachmentType, recordType, recordID })
          }
        >
          {t(action.label)}
        </DropDownItemButton>
      ))}
    </>
  );
}
