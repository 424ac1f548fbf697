import type { PostField } from "@forum/api/postTypes";

/** A kind of discussion an add-on handles (a question, an idea, a poll): the `type` of a discussion. */
export interface DiscussionTypeDeclaration {
  type: string;
  /** Message key, shown through `t()` (e.g. in the new-post type menu). */
  label: string;
  /** The client component that edits this type's extra fields on the create-post page, if any. */
  editor?: string;
}

/**
 * A post type an add-on adds: posts stored as discussions of `baseType` (default `discussion`), with fields of
 * their own kept in the discussion's `postMeta`. The declared fields are checked first (kind, required, options,
 * length); `validate` adds the type's own rules, as errors on `postMeta.{fieldID}`.
 */
export interface PostTypeDeclaration {
  postTypeID: string;
  /** Message key, shown through `t()`. */
  label: string;
  baseType?: string;
  fields?: PostField[];
  validate?: (postMeta: Record<string, unknown>) => { field: string; message: string }[];
}

/** The core's own type: always available. */
export const CORE_DISCUSSION_TYPE = "discussion";

interface RegisteredType extends DiscussionTypeDeclaration {
  owner: string;
}

/**
 * The discussion types of one app. A type is available while its add-on runs; a category may list types, but
 * a member can only create one whose add-on is on (an existing discussion keeps its type either way).
 */
export class DiscussionTypeRegistry {
  private readonly types = new Map<string, RegisteredType>();
  private readonly postTypeDeclarations = new Map<string, PostTypeDeclaration & { owner: string }>();
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(declaration: DiscussionTypeDeclaration, owner: string): void {
    if (declaration.type === CORE_DISCUSSION_TYPE || this.types.has(declaration.type))
      throw new Error(`The discussion type "${declaration.type}" is already defined.`);
    this.types.set(declaration.type, { ...declaration, owner });
  }

  addPostType(declaration: PostTypeDeclaration, owner: string): void {
    const id = declaration.postTypeID;
    // A type of the same name as a discussion type gives that type its fields (a poll's options).
    if (id === CORE_DISCUSSION_TYPE || this.postTypeDeclarations.has(id))
      throw new Error(`The post type "${id}" is already defined.`);
    this.postTypeDeclarations.set(id, { ...declaration, owner });
  }

  /** The add-ons' post types that can be created now (their add-on runs and their base type is available). */
  postTypes(): PostTypeDeclaration[] {
    return [...this.postTypeDeclarations.values()]
      .filter(
        ({ owner, baseType }) =>
          this.isOwnerActive(owner) && this.isAvailable(baseType ?? CORE_DISCUSSION_TYPE),
      )
      .map(({ owner: _owner, ...declaration }) => declaration);
  }

  isAvailable(type: string): boolean {
    if (type === CORE_DISCUSSION_TYPE) return true;
    const registered = this.types.get(type);
    return registered !== undefined && this.isOwnerActive(registered.owner);
  }

  /** The types members can create now, the core's first. */
  available(): DiscussionTypeDeclaration[] {
    return [
      { type: CORE_DISCUSSION_TYPE, label: "Discussion" },
      ...[...this.types.values()]
        .filter((registered) => this.isOwnerActive(registered.owner))
        .map(({ type, label, editor }) => ({ type, label, ...(editor ? { editor } : {}) })),
    ];
  }
}
