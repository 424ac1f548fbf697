import type { PlatformContext } from "../app/platformContext";

/** One owner's part of a member's data: plain JSON the member can read and take elsewhere. */
export type PersonalDataProvider = (
  context: PlatformContext,
  userID: number,
) => Promise<Record<string, unknown>>;

interface RegisteredProvider {
  owner: string;
  provide: PersonalDataProvider;
}

/**
 * What a member downloads from "Download my data" (GDPR art. 15 and 20): each application and add-on adds
 * the records it keeps about them. A failing part is reported in the archive instead of failing it.
 */
export class PersonalDataRegistry {
  private readonly providers: RegisteredProvider[] = [];
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(provide: PersonalDataProvider, owner: string): void {
    this.providers.push({ owner, provide });
  }

  /** Every part, keyed by owner (an add-on's data is exported even while it is off: it is still kept). */
  async exportFor(context: PlatformContext, userID: number): Promise<Record<string, unknown>> {
    const parts: Record<string, Record<string, unknown>> = {};
    for (const { owner, provide } of this.providers) {
      try {
        parts[owner] = { ...parts[owner], ...(await provide(context, userID)) };
      } catch (error) {
        context.log.error({ err: error, owner }, "A part of a personal data export failed.");
        parts[owner] = { error: "This part could not be exported; please try again later." };
      }
    }
    return parts;
  }
}
