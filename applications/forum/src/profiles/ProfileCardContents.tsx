import { useEffect } from "react";
import type { User } from "@forum/api/users";
import { getConfig, siteUrl } from "@library/src/bootstrap/bootstrap";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { DateTime } from "@library/src/formatting/DateTime";
import { NumberFormatted } from "@library/src/formatting/NumberFormatted";
import { t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { slotComponents } from "@library/src/registry/slotComponents";
import { paths } from "@library/src/routing/paths";
import { UserPhoto } from "@library/src/titleBar/UserPhoto";
import {
  profileCardContent,
  type ProfileCardContent,
} from "@applications/forum/src/profiles/profileCardContent";
import { BanMemberControl, BannedLabel } from "@applications/forum/src/profiles/BanMemberControl";
import {
  fetchProfileCardUser,
  selectProfileCardUser,
} from "@applications/forum/src/profiles/profileCardSlice";

/** SPEC 6 and API.md 4.1: who sees emails and private or banned profiles in full. */
const PERSONAL_INFO_PERMISSIONS = ["personalInfo.view", "users.add", "users.edit", "users.delete"] as const;

/** The card's data: fetched once per user (the thunk skips users loading or loaded). */
export function useProfileCardContent(userID: number): ProfileCardContent {
  const dispatch = useAppDispatch();
  const loadable = useAppSelector((state) => selectProfileCardUser(state, userID));
  const currentUser = useAppSelector(selectCurrentUser);
  const hasPermission = usePermissionsChecker();
  useEffect(() => {
    void dispatch(fetchProfileCardUser(userID));
  }, [dispatch, userID]);
  return profileCardContent(loadable, {
    userID: currentUser.userID,
    seesPersonalInfo: hasPermission(PERSONAL_INFO_PERMISSIONS),
    bannedPrivateProfile: getConfig("ui.bannedPrivateProfile", false),
  });
}

/** The accessible name of the card: the user's name once known. */
export function profileCardTitle(content: ProfileCardContent): string {
  return "user" in content ? content.user.name : t("Profile");
}

function Identity({ user }: { user: User }) {
  return (
    <div className="profileCard-identity">
      <UserPhoto photoUrl={user.photoUrl} size={64} className="profileCard-photo" />
      <div className="profileCard-names">
        <a className="profileCard-name" href={siteUrl(paths.profile(user.name))}>
          {user.name}
        </a>
        <BannedLabel userID={user.userID} banned={user.banned === 1} />
        {user.title && <p className="profileCard-title">{user.title}</p>}
        {user.labelHtml ? (
          // Rank labels are HTML the server built and sanitised (API.md 2.1 labelHtml).
          <span className="profileCard-label" dangerouslySetInnerHTML={{ __html: user.labelHtml }} />
        ) : (
          user.label && <span className="profileCard-label">{user.label}</span>
        )}
      </div>
    </div>
  );
}

function Notice({ label, message }: { label: string; message: string }) {
  return (
    <p className="profileCard-notice">
      <span className="profileCard-badge">{label}</span> {message}
    </p>
  );
}

function FullCard({ user }: { user: User }) {
  return (
    <>
      <Identity user={user} />
      <dl className="profileCard-stats">
        <div className="profileCard-stat">
          <dt>{t("Discussions")}</dt>
          <dd>
            <a href={siteUrl(paths.profile(user.name, "discussions"))}>
              <NumberFormatted value={user.countDiscussions ?? 0} />
            </a>
          </dd>
        </div>
        <div className="profileCard-stat">
          <dt>{t("Comments")}</dt>
          <dd>
            <a href={siteUrl(paths.profile(user.name, "comments"))}>
              <NumberFormatted value={user.countComments ?? 0} />
            </a>
          </dd>
        </div>
      </dl>
      <dl className="profileCard-details">
        {user.dateInserted && (
          <div className="profileCard-detail">
            <dt>{t("Joined")}</dt>
            <dd>
              <DateTime timestamp={user.dateInserted} />
            </dd>
          </div>
        )}
        {user.dateLastActive && (
          <div className="profileCard-detail">
            <dt>{t("Last Active")}</dt>
            <dd>
              <DateTime timestamp={user.dateLastActive} />
            </dd>
          </div>
        )}
        {user.email && (
          <div className="profileCard-detail">
            <dt>{t("Email")}</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
          </div>
        )}
      </dl>
      {slotComponents("profileCard.actions").map(([name, Action]) => (
        <Action key={name} user={user} />
      ))}
      <BanMemberControl
        userID={user.userID}
        name={user.name}
        banned={user.banned === 1}
        dateMutedUntil={user.dateMutedUntil}
      />
    </>
  );
}

/** The body of the profile card for one state: skeleton, full card, restricted, deleted, not found, error. */
export function ProfileCardBody({ content }: { content: ProfileCardContent }) {
  switch (content.kind) {
    case "loading":
      return (
        <div className="profileCard-skeleton" role="status" aria-label={t("Loading…")} aria-busy="true">
          <span className="profileCard-skeletonPhoto" />
          <span className="profileCard-skeletonLine" />
          <span className="profileCard-skeletonLine profileCard-skeletonLine--short" />
        </div>
      );
    case "full":
      return <FullCard user={content.user} />;
    case "private":
      return (
        <>
          <Identity user={content.user} />
          <Notice label={t("Private")} message={t("This user's profile is private.")} />
        </>
      );
    case "banned":
      return (
        <>
          <Identity user={content.user} />
          <Notice label={t("Banned")} message={t("This user has been banned.")} />
          <BanMemberControl userID={content.user.userID} name={content.user.name} banned />
        </>
      );
    case "deleted":
      return <Notice label={t("DELETED")} message={t("This user has been deleted.")} />;
    case "notFound":
      return <p className="profileCard-notice">{t("User not found.")}</p>;
    case "error":
      return (
        <div className="profileCard-error" role="alert">
          <p className="profileCard-errorTitle">{t("Failed to load user")}</p>
          <Notice label={t("ERROR")} message={content.error.message} />
        </div>
      );
  }
}
