import { CommentSchema } from "@forum/api/comments";
import { DiscussionSchema } from "@forum/api/discussions";
import { UserSchema } from "@forum/api/users";
import { Type, type TObject, type TSchema } from "@sinclair/typebox";
import type { PlatformContext } from "../app/platformContext";
import type { Viewer } from "../permissions/viewer";

/** Records whose API shape add-ons may extend. */
export type ExtendableRecord = "discussion" | "comment" | "user";

/** The response schema of each extendable record: an extender's field is added to it, optional. */
const RECORD_SCHEMAS: Record<ExtendableRecord, TObject> = {
  discussion: DiscussionSchema,
  comment: CommentSchema,
  user: UserSchema,
};

/**
 * One field an add-on adds to a record's API shape (a poll on a discussion, an accepted answer on a comment).
 * `load` runs once per response for all its records (one query, never one per record) and returns the value
 * by record id; records without a value are left without the field.
 */
export interface RecordFieldExtender {
  field: string;
  schema: TSchema;
  load(recordIDs: readonly number[], viewer: Viewer, context: PlatformContext): Promise<Map<number, unknown>>;
  /**
   * True when the value depends on which member asks (their vote, their follow), not only on their roles: lists
   * with the field are then made for each member instead of once for all members of the same roles.
   */
  perMember?: boolean;
}

/** Fields added to the shared schemas by extenders (the schemas are module-wide; apps in one process share them). */
const extendedFields = new Set<string>();

interface RegisteredExtender extends RecordFieldExtender {
  owner: string;
}

/**
 * The record extenders of one app. Adding one declares its field on the record's response schema, before the
 * routes are compiled (add-ons register first), so the serializer passes it through; `extend` fills it while
 * the owner runs.
 */
export class RecordExtenderRegistry {
  private readonly extenders = new Map<ExtendableRecord, RegisteredExtender[]>();
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(record: ExtendableRecord, extender: RecordFieldExtender, owner: string): void {
    const schema = RECORD_SCHEMAS[record];
    const key = `${record}.${extender.field}`;
    if (extender.field in schema.properties && !extendedFields.has(key))
      throw new Error(`The ${record} field "${extender.field}" already exists.`);
    if (this.has(record, extender.field))
      throw new Error(`Another add-on already adds the ${record} field "${extender.field}".`);
    schema.properties[extender.field] = Type.Optional(extender.schema);
    extendedFields.add(key);
    this.extenders.set(record, [...(this.extenders.get(record) ?? []), { ...extender, owner }]);
  }

  /** True when a running extender of the record depends on which member asks (`perMember`). */
  hasPerMember(record: ExtendableRecord): boolean {
    return (this.extenders.get(record) ?? []).some(
      (extender) => extender.perMember === true && this.isOwnerActive(extender.owner),
    );
  }

  private has(record: ExtendableRecord, field: string): boolean {
    return (this.extenders.get(record) ?? []).some((extender) => extender.field === field);
  }

  /** Adds the running extenders' fields to presented records (in place) and returns them. */
  async extend<T extends object>(
    record: ExtendableRecord,
    items: T[],
    idOf: (item: T) => number,
    viewer: Viewer,
    context: PlatformContext,
  ): Promise<T[]> {
    const active = (this.extenders.get(record) ?? []).filter((extender) =>
      this.isOwnerActive(extender.owner),
    );
    if (active.length === 0 || items.length === 0) return items;
    const ids = items.map(idOf);
    const values = await Promise.all(
      active.map(async (extender) => {
        try {
          return await extender.load(ids, viewer, context);
        } catch (error) {
          // An add-on's failure never takes the record down: the field is left out.
          context.log.error(
            { err: error },
            `The ${extender.owner} add-on failed to add "${extender.field}".`,
          );
          return new Map<number, unknown>();
        }
      }),
    );
    for (const item of items) {
      const id = idOf(item);
      active.forEach((extender, index) => {
        const value = values[index]?.get(id);
        if (value !== undefined) (item as Record<string, unknown>)[extender.field] = value;
      });
    }
    return items;
  }
}
