import "../../api/attachmentsWidgets";
import type { AttachmentCardIntegration } from "../../api/attachmentsWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { translatorFor } from "@library/server/i18n/translate";
import { canWriteWith } from "./attachmentCommands";
import { listAttachments } from "./attachmentQueries";
import { attachmentIntegrations } from "../integrations/attachmentIntegrations";

/**
 * Under the original post: its attachments as cards, for members holding an integration's permission (the same
 * for every member of the same roles). In Discussion Options: each integration's action, for those who may
 * write with it on this discussion (its author's menu is made for them alone, so 'own' holds). The words go
 * in English: the client shows them through t() in the reader's language.
 */
export function registerAttachmentWidgets(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "AttachmentCards",
    sort: 10,
    props: async ({ app, viewer, discussion }) => {
      if (viewer.isGuest) return null;
      const readable = attachmentIntegrations(app)
        .list()
        .filter((integration) => viewer.has(integration.permission));
      if (readable.length === 0) return null;
      const t = translatorFor("en");
      const integrations: Record<string, AttachmentCardIntegration> = {};
      for (const integration of readable) {
        const words = integration.catalog(t);
        integrations[integration.attachmentType] = {
          title: words.title,
          externalIDLabel: words.externalIDLabel,
          logoIcon: words.logoIcon,
          submitButton: words.submitButton,
          ...(words.postSuccessMessage !== undefined && { postSuccessMessage: words.postSuccessMessage }),
        };
      }
      const attachments = await listAttachments(app, viewer, "discussion", discussion.discussionID);
      return { recordType: "discussion", recordID: discussion.discussionID, attachments, integrations };
    },
  });
  registrar.pageSlot("discussion.options", {
    component: "AttachmentActions",
    props: ({ app, viewer, discussion }) => {
      const t = translatorFor("en");
      const actions = attachmentIntegrations(app)
        .list()
        .filter(
          (integration) =>
            integration.recordTypes.includes("discussion") &&
            canWriteWith(app, viewer, integration, discussion.insertUserID),
        )
        .map((integration) => ({
          attachmentType: integration.attachmentType,
          label: integration.catalog(t).label,
        }));
      return actions.length > 0
        ? { recordType: "discussion", recordID: discussion.discussionID, actions }
        : null;
    },
  });
}
