import type { ValidationErrorItem } from "@forum/api/common";
import type { PlatformContext } from "../app/platformContext";
import type { DbOrTx } from "../db/database";
import { ValidationError } from "../errors/httpErrors";
import type { Viewer } from "../permissions/viewer";

/** A post about to be written (new or edited), with its body already rendered. */
export interface PostToValidate {
  recordType: "discussion" | "comment";
  /** The member writing it: the author of a new post, the editor of an edited one. */
  userID: number;
  /** Their permissions (staff may be exempt from a rule). */
  viewer: Viewer;
  format: string;
  body: string;
  bodyHtml: string;
  /** A discussion's title (absent for comments and for edits that keep it). */
  name?: string;
}

/**
 * A rule an add-on adds to every post write (links only from a rank up, a word list): it reads inside the write's
 * transaction and returns the errors to answer with (422, keyed by field), or none.
 */
export type PostValidator = (
  post: PostToValidate,
  trx: DbOrTx,
  context: PlatformContext,
) => ValidationErrorItem[] | Promise<ValidationErrorItem[]>;

interface RegisteredValidator {
  owner: string;
  validate: PostValidator;
}

/** The post validators of one app; those of an inactive owner (a disabled add-on) are skipped. */
export class PostValidatorRegistry {
  private readonly validators: RegisteredValidator[] = [];
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(validate: PostValidator, owner: string): void {
    this.validators.push({ owner, validate });
  }

  /**
   * Inside the write's transaction: throws a ValidationError with every running validator's errors; one error's
   * message is also the answer's message, so a form that shows only that tells the member why.
   */
  async check(trx: DbOrTx, context: PlatformContext, post: PostToValidate): Promise<void> {
    const errors: ValidationErrorItem[] = [];
    for (const validator of this.validators)
      if (this.isOwnerActive(validator.owner)) errors.push(...(await validator.validate(post, trx, context)));
    const [only] = errors;
    if (only && errors.length === 1) throw new ValidationError(errors, only.message);
    if (errors.length > 0) throw new ValidationError(errors);
  }
}
