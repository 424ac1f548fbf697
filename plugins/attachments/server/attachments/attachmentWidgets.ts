import "../../api/attachmentsWidgets";
import type { Attachment } from "../../api/attachmentsApi";
import type { AttachmentCardIntegration } from "../../api/attachmentsWidgets";
import type { Discussion } from "@forum/api/discussions";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { translatorFor } from "@library/server/i18n/translate";
import type { Viewer } from "@library/server/permissions/viewer";
import { canWriteWith } from "./attachmentCommands";
import {
  listAttachments,
  presentAttachment,
  readableIntegration,
  type AttachmentRow,
} from "./attachmentQueries";
import { attachmentIntegrations, type AttachmentIntegration } from "../integrations/attachmentIntegrations";
import { readOncePerPage } from "@library/server/pages/pageSlots";

/** The integrations whose attachments the viewer reads. */
function readableIntegrations(app: AppContext, viewer: Viewer): AttachmentIntegration[] {
  if (viewer.isGuest) return [];
  return attachmentIntegrations(app)
    .list()
    .filter((integration) => viewer.has(integration.permission));
}

/** How the cards name each integration (English: the client shows the words through t()). */
function cardIntegrations(readable: AttachmentIntegration[]): Record<string, AttachmentCardIntegration> {
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
  return integrations;
}

/** The attachments of the page's comments, read once for the page (every comment's widget asks). */
const commentAttachmentsOf = readOncePerPage(
  (app: AppContext, discussion: Discussion): Promise<Map<number, AttachmentRow[]>> =>
    app.db
      .selectFrom("attachments")
      .innerJoin("comments", "comments.commentID", "attachments.recordID")
      .selectAll("attachments")
      .where("attachments.recordType", "=", "comment")
      .where("comments.discussionID", "=", discussion.discussionID)
      .orderBy("attachments.attachmentID")
      .execute()
      .then((rows) => {
        const byComment = new Map<number, AttachmentRow[]>();
        for (const row of rows) byComment.set(row.recordID, [...(byComment.get(row.recordID) ?? []), row]);
        return byComment;
      }),
);

/**
 * Under the original post: its attachments as cards, for members holding an integration's permission (the same
 * for every member of the same roles). In Discussion Options: each integration's action, for those who may
 * write with it on this discussion (its author's menu is made for them alone, so 'own' holds). Under each
 * comment: its options menu with the actions of the integrations that take comments, and its cards. The words
 * go in English: the client shows them through t() in the reader's language.
 */
export function registerAttachmentWidgets(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "AttachmentCards",
    sort: 10,
    props: async ({ app, viewer, discussion }) => {
      const readable = readableIntegrations(app, viewer);
      if (readable.length === 0) return null;
      const attachments = await listAttachments(app, viewer, "discussion", discussion.discussionID);
      return {
        recordType: "discussion",
        recordID: discussion.discussionID,
        attachments,
        integrations: cardIntegrations(readable),
      };
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
  registrar.pageSlot("post.actions", {
    component: "CommentIntegrations",
    sort: 20,
    props: async ({ app, viewer, discussion, recordType, recordID, insertUserID }) => {
      if (recordType !== "comment") return null;
      const readable = readableIntegrations(app, viewer);
      if (readable.length === 0) return null;
      const t = translatorFor("en");
      // An 'own' integration is offered on every comment's page and shown to the author alone by the client, so
      // the page stays the same for every member of the same roles (the write checks the author again).
      const actions = readable
        .filter(
          (integration) =>
            integration.recordTypes.includes("comment") &&
            (canWriteWith(app, viewer, integration, insertUserID) ||
              canWriteWith(app, viewer, integration, viewer.userID)),
        )
        .map((integration) => ({
          attachmentType: integration.attachmentType,
          label: integration.catalog(t).label,
          ownOnly: integration.writeableContentScope(app) === "own",
        }));
      const attachments: Attachment[] = ((await commentAttachmentsOf(app, discussion)).get(recordID) ?? [])
        .filter((row) => readableIntegration(app, viewer, row))
        .map(presentAttachment);
      if (actions.length === 0 && attachments.length === 0) return null;
      return { recordID, insertUserID, actions, attachments, integrations: cardIntegrations(readable) };
    },
  });
}
