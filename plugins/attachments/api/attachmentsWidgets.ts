import type { Attachment, AttachmentRecordType } from "./attachmentsApi";

/** How a card names and shows an integration's attachments. */
export interface AttachmentCardIntegration {
  title: string;
  externalIDLabel: string;
  logoIcon: string;
  submitButton: string;
  postSuccessMessage?: string;
}

/** The attachments add-on's widgets in the forum's page slots (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** Under a post: its attachments as cards; it also holds the form the options menu's actions open. */
    AttachmentCards: {
      recordType: AttachmentRecordType;
      recordID: number;
      attachments: Attachment[];
      /** The integrations the viewer may read, by attachment type. */
      integrations: Record<string, AttachmentCardIntegration>;
    };
    /**
     * Under a comment: its options menu with the integrations' actions, and its attachments as cards (the same
     * for every member of the same roles: an action of an 'own' integration shows to the comment's author only).
     */
    CommentIntegrations: {
      recordID: number;
      /** The comment's author. */
      insertUserID: number;
      actions: { attachmentType: string; label: string; ownOnly: boolean }[];
      attachments: Attachment[];
      integrations: Record<string, AttachmentCardIntegration>;
    };
    /** The integrations' actions in a post's options menu ('Create Ticket'). */
    AttachmentActions: {
      recordType: AttachmentRecordType;
      recordID: number;
      actions: { attachmentType: string; label: string }[];
    };
  }
}

export {};
