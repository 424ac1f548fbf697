import { registerComponent } from "@library/src/registry/componentRegistry";
import { AttachmentActions } from "./AttachmentActions";
import { AttachmentCards } from "./AttachmentCards";
import { CommentIntegrations } from "./CommentIntegrations";

/** The attachments add-on's widgets, under the names its page-slot nodes use. */
export function registerAttachmentWidgets(): void {
  registerComponent("AttachmentCards", AttachmentCards);
  registerComponent("AttachmentActions", AttachmentActions);
  registerComponent("CommentIntegrations", CommentIntegrations);
}
