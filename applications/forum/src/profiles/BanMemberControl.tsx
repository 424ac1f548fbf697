import { useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { useApiAction } from "@library/src/api/useApiAction";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { formatText, t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { BanMemberModal } from "@library/src/users/BanMemberModal";
import { memberBanChanged, selectMemberBanned } from "@applications/forum/src/profiles/profileCardSlice";
import {
  ControlError,
  PostMuteControl,
  PROFILE_CARD_CHILD_CLASS,
  WarnMemberControl,
} from "@applications/forum/src/profiles/MemberModerationControls";
import "./profiles.css";

/** Who bans and unbans members (the permissions of `PUT /users/{id}/ban`). */
export const BAN_PERMISSIONS = ["community.moderate", "users.edit"] as const;

export { PROFILE_CARD_CHILD_CLASS };

export interface BanMemberControlProps {
  userID: number;
  name: string;
  /** Banned when the page was drawn; a ban set or lifted here since wins. */
  banned: boolean;
  /** When the member's posting mute ends (null: none); left out, it is loaded for moderators. */
  dateMutedUntil?: string | null;
}

/** Whether the member is banned now, as this page knows it. */
export function useMemberBanned(userID: number, banned: boolean): boolean {
  return useAppSelector((state) => selectMemberBanned(state, userID, banned));
}

/** The 'Banned' label moderators see beside a banned member's name (the profile page and the profile card). */
export function BannedLabel({ userID, banned }: { userID: number; banned: boolean }) {
  const hasPermission = usePermissionsChecker();
  const isBanned = useMemberBanned(userID, banned);
  if (!isBanned || !hasPermission([...BAN_PERMISSIONS])) return null;
  return <span className="metaBadge metaBadge-danger profileHeader-banned">{t("Banned")}</span>;
}

/**
 * Ban (a reason and a length, a week unless changed) or Unban, for moderators, on a member's profile and
 * profile card; nothing for others or on one's own profile. Both go through `PUT /users/{id}/ban`, and the
 * page's 'Banned' labels follow. Mute Posts and Warn sit beside them.
 */
export function BanMemberControl({ userID, name, banned, dateMutedUntil }: BanMemberControlProps) {
  const hasPermission = usePermissionsChecker();
  const currentUser = useAppSelector(selectCurrentUser);
  const isBanned = useMemberBanned(userID, banned);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [banning, setBanning] = useState(false);
  const { pending, error, run } = useApiAction();
  if (currentUser.userID === userID || !hasPermission([...BAN_PERMISSIONS])) return null;
  const unban = () =>
    void run(async () => {
      await apiv2.put(`users/${userID}/ban`, { banned: false });
      dispatch(memberBanChanged({ userID, banned: false }));
      toast.addToast({ type: "success", message: formatText(t("{name} is no longer banned."), { name }) });
    });
  return (
    <div className="banMemberControl">
      {isBanned ? (
        <Button pending={pending} aria-label={formatText(t("Unban {name}"), { name })} onClick={unban}>
          {t("Unban")}
        </Button>
      ) : (
        <Button aria-label={formatText(t("Ban {name}"), { name })} onClick={() => setBanning(true)}>
          {t("Ban")}
        </Button>
      )}
      <ControlError error={error} />
      {banning && (
        <BanMemberModal
          userID={userID}
          name={name}
          defaultDays={7}
          className={PROFILE_CARD_CHILD_CLASS}
          onBanned={() => dispatch(memberBanChanged({ userID, banned: true }))}
          onClose={() => setBanning(false)}
        />
      )}
      <PostMuteControl userID={userID} name={name} dateMutedUntil={dateMutedUntil} />
      <WarnMemberControl userID={userID} name={name} />
    </div>
  );
}
