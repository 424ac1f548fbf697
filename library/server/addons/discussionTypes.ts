/** A kind of discussion an add-on handles (a question, an idea, a poll): the `type` of a discussion. */
export interface DiscussionTypeDeclaration {
  type: string;
  /** Message key, shown through `t()` (e.g. in the new-post type menu). */
  label: string;
  /** The client component that edits this type's extra fields on the create-post page, if any. */
  editor?: string;
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
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(declaration: DiscussionTypeDeclaration, owner: string): void {
    if (declaration.type === CORE_DISCUSSION_TYPE || this.types.has(declaration.type))
      throw new Error(`The discussion type "${declaration.type}" is already defined.`);
    this.types.set(declaration.type, { ...declaration, owner });
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
