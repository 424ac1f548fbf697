import type { User } from "@forum/api/users";
import type { ApiError } from "@library/src/api/apiError";
import { LoadStatus, type Loadable } from "@library/src/loadable/loadable";

/** What a profile card shows (SPEC 2 "User profile card", SPEC 8 texts). */
export type ProfileCardContent =
  | { kind: "loading" }
  | { kind: "full"; user: User }
  | { kind: "private"; user: User }
  | { kind: "banned"; user: User }
  | { kind: "deleted" }
  | { kind: "notFound" }
  | { kind: "error"; error: ApiError };

export interface ProfileCardViewer {
  userID: number;
  /** personalInfo.view (or users.add/edit/delete): private and banned profiles in full. */
  seesPersonalInfo: boolean;
  /** Setting `ui.bannedPrivateProfile`. */
  bannedPrivateProfile: boolean;
}

/**
 * SPEC 5: the restricted card replaces the profile when the user is private, or banned while
 * ui.bannedPrivateProfile is on, unless the viewer is the user or may see personal information. The server's
 * private view (no join date) is restricted whatever the client believes.
 */
function restriction(user: User, viewer: ProfileCardViewer): "private" | "banned" | null {
  const exempt = viewer.userID === user.userID || viewer.seesPersonalInfo;
  const privateView = user.dateInserted === undefined;
  if (exempt && !privateView) return null;
  const restrictedByBan = user.banned === 1 && viewer.bannedPrivateProfile;
  if (!privateView && !user.private && !restrictedByBan) return null;
  return restrictedByBan ? "banned" : "private";
}

export function profileCardContent(loadable: Loadable<User>, viewer: ProfileCardViewer): ProfileCardContent {
  switch (loadable.status) {
    case LoadStatus.PENDING:
    case LoadStatus.LOADING:
      return { kind: "loading" };
    case LoadStatus.ERROR:
      if (loadable.error.status === 410) return { kind: "deleted" };
      if (loadable.error.status === 404) return { kind: "notFound" };
      return { kind: "error", error: loadable.error };
    case LoadStatus.SUCCESS: {
      const user = loadable.data;
      const restricted = restriction(user, viewer);
      if (restricted) return { kind: restricted, user };
      return { kind: "full", user };
    }
  }
}

declare module "@library/src/registry/slotComponents" {
  interface ClientSlotProps {
    /** Actions at the foot of a member's full profile card (e.g. a Message button). */
    "profileCard.actions": { user: User };
  }
}
