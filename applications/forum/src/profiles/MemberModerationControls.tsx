import { useEffect, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import type { ApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { formatText, getLocale, t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { useToast } from "@library/src/ui/Toast/useToast";
import { MemberActionModal } from "@library/src/users/MemberActionModal";
import {
  fetchProfileCardUser,
  memberPostMuteChanged,
  selectMemberMutedUntil,
} from "@applications/forum/src/profiles/profileCardSlice";
import "./profiles.css";

/** Who mutes and warns members (the permissions of `PUT /users/{id}/post-mute` and `POST /users/{id}/warnings`). */
export const MEMBER_MODERATION_PERMISSIONS = ["community.moderate", "users.edit"] as const;

/** Modals opened from the profile card: the card stays open while the focus is in them. */
export const PROFILE_CARD_CHILD_CLASS = "profileCard-child";

const DEFAULT_MUTE_DAYS = 7;
const MAX_MUTE_DAYS = 365;

interface MemberProps {
  userID: number;
  name: string;
}

/** The end of a mute as people read it: "Dec 3, 2026". */
export function formatMutedUntil(date: string): string {
  return new Date(date).toLocaleDateString(getLocale(), { dateStyle: "medium" });
}

/** Moderators, and not oneself. */
function useMayModerate(userID: number): boolean {
  const hasPermission = usePermissionsChecker();
  const currentUser = useAppSelector(selectCurrentUser);
  return currentUser.userID !== userID && hasPermission([...MEMBER_MODERATION_PERMISSIONS]);
}

/**
 * When the member's posting mute ends (null: not muted), from what the page was given, a change made here, or
 * else the member as `GET /users/{id}` gives it to moderators (loaded once when nothing else says).
 */
function useMutedUntil(userID: number, given: string | null | undefined, enabled: boolean): string | null {
  const dispatch = useAppDispatch();
  const known = useAppSelector((state) => selectMemberMutedUntil(state, userID, given));
  const unknown = known === undefined;
  useEffect(() => {
    if (enabled && unknown) void dispatch(fetchProfileCardUser(userID));
  }, [dispatch, enabled, unknown, userID]);
  return known && Date.parse(known) > Date.now() ? known : null;
}

/** A refusal of an action taken from the row of buttons itself (Unban, Unmute Posts). */
export function ControlError({ error }: { error: ApiError | null }) {
  if (!error) return null;
  return (
    <p className="banMemberControl-error" role="alert">
      {error.description ?? error.message}
    </p>
  );
}

function PostMuteModal({ userID, name, onClose }: MemberProps & { onClose: () => void }) {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState(String(DEFAULT_MUTE_DAYS));
  const { pending, error, run } = useApiAction();
  const mute = () =>
    void run(async () => {
      const response = await apiv2.put<{ muted: boolean; dateMutedUntil: string | null }>(
        `users/${userID}/post-mute`,
        { muted: true, days: Number(days), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      );
      const until = response.data.dateMutedUntil;
      dispatch(memberPostMuteChanged({ userID, dateMutedUntil: until }));
      toast.addToast({
        type: "success",
        message: formatText(t("{name} can't post until {date}."), {
          name,
          date: until ? formatMutedUntil(until) : "",
        }),
      });
      onClose();
    });
  return (
    <MemberActionModal
      title={formatText(t("Mute Posts of {name}"), { name })}
      submitLabel={t("Mute Posts")}
      description={t("The member can't start discussions or comment until the mute ends.")}
      pending={pending}
      error={error}
      onSubmit={mute}
      onClose={onClose}
      className={PROFILE_CARD_CHILD_CLASS}
    >
      <InputField
        label={t("Days")}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_MUTE_DAYS}
        required
        value={days}
        errors={error?.errors.days}
        onChange={(event) => setDays(event.target.value)}
      />
      <InputField
        label={t("Reason")}
        maxLength={500}
        value={reason}
        errors={error?.errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </MemberActionModal>
  );
}

/** The moderators' 'Muted until <date>' label of a member whose posting is muted. */
export function MutedLabel({ userID, dateMutedUntil }: { userID: number; dateMutedUntil?: string | null }) {
  const mayModerate = useMayModerate(userID);
  const until = useMutedUntil(userID, dateMutedUntil, mayModerate);
  if (!mayModerate || !until) return null;
  return (
    <span className="metaBadge memberMutedLabel">
      {formatText(t("Muted until {date}"), { date: formatMutedUntil(until) })}
    </span>
  );
}

/**
 * Mute Posts (a number of days, a week unless changed, and a reason) or Unmute Posts, for moderators, on a
 * member's profile and profile card, through `PUT /users/{id}/post-mute`; the 'Muted until' label follows.
 */
export function PostMuteControl({
  userID,
  name,
  dateMutedUntil,
}: MemberProps & { dateMutedUntil?: string | null }) {
  const mayModerate = useMayModerate(userID);
  const until = useMutedUntil(userID, dateMutedUntil, mayModerate);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [muting, setMuting] = useState(false);
  const { pending, error, run } = useApiAction();
  if (!mayModerate) return null;
  const unmute = () =>
    void run(async () => {
      await apiv2.put(`users/${userID}/post-mute`, { muted: false });
      dispatch(memberPostMuteChanged({ userID, dateMutedUntil: null }));
      toast.addToast({ type: "success", message: formatText(t("{name} can post again."), { name }) });
    });
  return (
    <>
      <MutedLabel userID={userID} dateMutedUntil={dateMutedUntil} />
      {until ? (
        <Button
          pending={pending}
          aria-label={formatText(t("Unmute Posts of {name}"), { name })}
          onClick={unmute}
        >
          {t("Unmute Posts")}
        </Button>
      ) : (
        <Button aria-label={formatText(t("Mute Posts of {name}"), { name })} onClick={() => setMuting(true)}>
          {t("Mute Posts")}
        </Button>
      )}
      <ControlError error={error} />
      {muting && <PostMuteModal userID={userID} name={name} onClose={() => setMuting(false)} />}
    </>
  );
}

function WarnModal({ userID, name, onClose }: MemberProps & { onClose: () => void }) {
  const toast = useToast();
  const [reason, setReason] = useState("");
  const { pending, error, setError, run } = useApiAction();
  const warn = () => {
    if (!reason.trim()) {
      setError({
        message: t("A reason is required."),
        status: 422,
        errors: { reason: [{ message: t("A reason is required."), field: "reason", code: "required" }] },
      });
      return;
    }
    void run(async () => {
      await apiv2.post(`users/${userID}/warnings`, { reason: reason.trim() });
      toast.addToast({ type: "success", message: formatText(t("{name} has been warned."), { name }) });
      onClose();
    });
  };
  return (
    <MemberActionModal
      title={formatText(t("Warn {name}"), { name })}
      submitLabel={t("Warn")}
      description={t("The member gets a notification with the reason.")}
      pending={pending}
      error={error}
      onSubmit={warn}
      onClose={onClose}
      className={PROFILE_CARD_CHILD_CLASS}
    >
      <InputField
        label={t("Reason")}
        maxLength={1000}
        required
        value={reason}
        errors={error?.errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </MemberActionModal>
  );
}

/** Warn (a reason the member reads in a notification), for moderators, through `POST /users/{id}/warnings`. */
export function WarnMemberControl({ userID, name }: MemberProps) {
  const mayModerate = useMayModerate(userID);
  const [warning, setWarning] = useState(false);
  if (!mayModerate) return null;
  return (
    <>
      <Button aria-label={formatText(t("Warn {name}"), { name })} onClick={() => setWarning(true)}>
        {t("Warn")}
      </Button>
      {warning && <WarnModal userID={userID} name={name} onClose={() => setWarning(false)} />}
    </>
  );
}
