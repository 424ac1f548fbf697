import type { PlatformContext } from "@library/server/app/platformContext";
import type { Translate } from "@library/server/i18n/translate";
import type { Transaction } from "kysely";
import type { Database } from "@library/server/db/database";
import type {
  Attachment,
  AttachmentForm,
  AttachmentMetadata,
  AttachmentRecordType,
  CatalogEntry,
  WriteableContentScope,
} from "../../api/attachmentsApi";

/** The post an attachment is made from, as an integration sends it on. */
export interface AttachmentRecord {
  recordType: AttachmentRecordType;
  recordID: number;
  discussionID: number;
  insertUserID: number;
  /** The discussion's title (a comment's: its discussion's). */
  title: string;
  bodyText: string;
  authorName: string;
  /** The post's absolute address. */
  url: string;
}

/** What an integration learnt from its service: the row's new state. */
export interface AttachmentUpdate {
  status: string;
  sourceID?: string | null;
  sourceUrl?: string | null;
  metadata?: AttachmentMetadata[];
}

/** The words of an integration's catalog entry, in the reader's language. */
export type CatalogWords = Omit<CatalogEntry, "attachmentType" | "recordTypes" | "writeableContentScope">;

/**
 * An integration with another service (API.md 24), registered by an add-on with
 * `attachmentIntegrations(context).add(integration, owner)`: its entry of `GET /attachments/catalog`, the form
 * of `GET /attachments/schema`, what `POST /attachments` starts and what `POST /attachments/refresh` asks.
 */
export interface AttachmentIntegration {
  attachmentType: string;
  /** Reading its attachments and writing with it take this permission (writing also the content scope). */
  permission: string;
  recordTypes: AttachmentRecordType[];
  /** False while the integration lacks its settings: it is then left out of the catalog and refuses writes. */
  isConfigured(context: PlatformContext): boolean;
  writeableContentScope(context: PlatformContext): WriteableContentScope;
  catalog(t: Translate): CatalogWords;
  /** The form a member fills in for this post (fields with the post's values as defaults). */
  form(record: AttachmentRecord, t: Translate): AttachmentForm;
  /**
   * Called in the transaction that wrote the attachment (status `pending`): queue the job that reaches the
   * service, so nothing is sent for a write that rolls back.
   */
  created(
    context: PlatformContext,
    trx: Transaction<Database>,
    attachmentID: number,
    record: AttachmentRecord,
    fields: Record<string, string>,
  ): Promise<void>;
  /**
   * Asks the service again: null when there is nothing to ask yet. Throws AttachmentServiceError (its message in
   * the reader's language, through `t`) when the service cannot be reached or answers nonsense.
   */
  refresh(context: PlatformContext, attachment: Attachment, t: Translate): Promise<AttachmentUpdate | null>;
  /** How long a refreshed attachment counts as fresh for `onlyStale` (default 5 minutes). */
  staleAfterSeconds?: number;
}

/** The service could not be reached or answered nonsense: its message is shown to the member. */
export class AttachmentServiceError extends Error {}

/** The integrations of one app; those of a disabled add-on are not offered. */
export class AttachmentIntegrationRegistry {
  private readonly integrations = new Map<string, { owner: string; integration: AttachmentIntegration }>();

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(integration: AttachmentIntegration, owner: string): void {
    this.integrations.set(integration.attachmentType, { owner, integration });
  }

  get(attachmentType: string): AttachmentIntegration | undefined {
    const registered = this.integrations.get(attachmentType);
    return registered && this.isOwnerActive(registered.owner) ? registered.integration : undefined;
  }

  list(): AttachmentIntegration[] {
    return [...this.integrations.values()]
      .filter((registered) => this.isOwnerActive(registered.owner))
      .map((registered) => registered.integration);
  }
}

const registries = new WeakMap<object, AttachmentIntegrationRegistry>();

/** The attachment integrations of an app context (made on first use). */
export function attachmentIntegrations(context: {
  addons: { isActive(owner: string): boolean };
}): AttachmentIntegrationRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new AttachmentIntegrationRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
