import type { PlatformContext } from "../app/platformContext";

/** A member's label beside their name (a rank): plain text and sanitised HTML (API.md 2.1 `label`, `labelHtml`). */
export interface UserLabel {
  label: string;
  labelHtml: string;
}

/** Loads the labels of many members at once (one query, never one per member); members without one are absent. */
export type UserLabelLoader = (
  userIDs: readonly number[],
  context: PlatformContext,
) => Promise<ReadonlyMap<number, UserLabel>>;

interface Labelled {
  userID: number;
  label?: string;
  labelHtml?: string;
}

/**
 * What sets `label`/`labelHtml` on users and user fragments (post authors, profiles, profile cards). An add-on
 * gives one loader; the first running loader with a label for a member wins. A loader that throws leaves the
 * labels out and is logged.
 */
export class UserLabelRegistry {
  private readonly loaders: { owner: string; load: UserLabelLoader }[] = [];
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(load: UserLabelLoader, owner: string): void {
    this.loaders.push({ owner, load });
  }

  /** Sets the labels on the given records in place (undefined entries are skipped). */
  async addLabels(context: PlatformContext, records: readonly (Labelled | undefined)[]): Promise<void> {
    const present = records.filter((record): record is Labelled => record !== undefined);
    const ids = [...new Set(present.map((record) => record.userID))].filter((id) => id > 0);
    const active = this.loaders.filter((loader) => this.isOwnerActive(loader.owner));
    if (ids.length === 0 || active.length === 0) return;
    for (const loader of active) {
      let labels: ReadonlyMap<number, UserLabel>;
      try {
        labels = await loader.load(ids, context);
      } catch (error) {
        context.log.error({ err: error }, `The ${loader.owner} add-on failed to load member labels.`);
        continue;
      }
      for (const record of present) {
        const label = labels.get(record.userID);
        if (label && record.labelHtml === undefined) {
          record.label = label.label;
          record.labelHtml = label.labelHtml;
        }
      }
    }
  }
}
