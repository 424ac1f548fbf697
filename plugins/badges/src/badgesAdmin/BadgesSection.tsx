import { useCallback, useEffect, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import { useToast } from "@library/src/ui/Toast/useToast";
import type { Badge } from "../../api/badgesApi";
import { AwardBadgeModal } from "./AwardBadgeModal";
import { BadgeFormModal } from "./BadgeFormModal";
import { badgeTypeLabel, bodyOf, type BadgeDraft } from "./badgeDraft";
import {
  awardBadge,
  createBadge,
  deleteBadge,
  fetchBadges,
  findMemberByName,
  patchBadge,
} from "./badgesAdminApi";
import "./badgesAdmin.css";
import { formatFullNumber } from "@library/src/formatting/numbers";

type Dialog =
  { kind: "form"; badge: Badge | null } | { kind: "award"; badge: Badge } | { kind: "delete"; badge: Badge };

/** The rule of a badge in words: "Comments written: 100", "Awarded by moderators". */
export function ruleOf(badge: Badge): string {
  const label = badgeTypeLabel(badge.type);
  return badge.threshold === null ? label : `${label}: ${formatFullNumber(badge.threshold)}`;
}

/**
 * Dashboard › Badges: every badge with its rule, points and holders; add, edit and delete one, and award one to
 * a member by hand. Rule badges are awarded by background jobs as members qualify.
 */
export function BadgesSection() {
  const toast = useToast();
  const [badges, setBadges] = useState<Badge[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const action = useApiAction();

  const load = useCallback(() => {
    setLoadError(null);
    fetchBadges()
      .then(setBadges)
      .catch((error: unknown) => setLoadError(toApiError(error).message));
  }, []);
  useEffect(load, [load]);

  const open = (next: Dialog) => {
    action.setError(null);
    setDialog(next);
  };
  const run = (work: () => Promise<void>, message: string) =>
    void action.run(work).then((done) => {
      if (!done) return;
      toast.addToast({ type: "success", message });
      setDialog(null);
      load();
    });
  const save = (badge: Badge | null, draft: BadgeDraft) =>
    run(
      () => (badge ? patchBadge(badge.badgeID, bodyOf(draft)) : createBadge(bodyOf(draft))),
      formatText(badge ? t("The badge {badge} was saved.") : t("The badge {badge} was added."), {
        badge: draft.name.trim(),
      }),
    );
  const award = (badge: Badge, memberName: string, reason: string) =>
    run(
      async () => {
        const member = await findMemberByName(memberName.replace(/\*+$/, ""));
        if (!member) throw new Error(formatText(t("No member is named {name}."), { name: memberName }));
        await awardBadge(badge.badgeID, member.userID, reason);
      },
      formatText(t("{name} was awarded {badge}."), { name: memberName, badge: badge.name }),
    );

  return (
    <>
      <div className="dashboardToolbar">
        <p className="badgeAdmin-intro">
          {t("Members earn rule badges automatically; moderators award the others by hand.")}
        </p>
        <Button variant="primary" onClick={() => open({ kind: "form", badge: null })}>
          {t("Add Badge")}
        </Button>
      </div>
      {loadError ? (
        <p className="badgeAdmin-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {badges === null && !loadError ? <Loader /> : null}
      {badges !== null && badges.length === 0 ? (
        <p className="dashboardEmpty">{t("There are no badges yet.")}</p>
      ) : null}
      {badges !== null && badges.length > 0 ? (
        <div className="dashboardTable-scroll">
          <table className="dashboardTable">
            <thead>
              <tr>
                <th scope="col">{t("Badge")}</th>
                <th scope="col">{t("Awarded for")}</th>
                <th scope="col">{t("Points")}</th>
                <th scope="col">{t("Holders")}</th>
                <th scope="col">
                  <span className="sr-only">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {badges.map((badge) => (
                <tr key={badge.badgeID}>
                  <td data-label={t("Badge")} className="dashboardTable-name">
                    <span className="badgeAdmin-badge">
                      <span className="badgeAdmin-icon" aria-hidden="true">
                        {badge.icon}
                      </span>{" "}
                      <a href={badge.url}>{badge.name}</a>
                    </span>
                  </td>
                  <td data-label={t("Awarded for")}>{ruleOf(badge)}</td>
                  <td data-label={t("Points")}>{formatFullNumber(badge.points)}</td>
                  <td data-label={t("Holders")}>{formatFullNumber(badge.countRecipients)}</td>
                  <td className="dashboardTable-actions">
                    <Button
                      compact
                      aria-label={formatText(t("Award {badge}"), { badge: badge.name })}
                      onClick={() => open({ kind: "award", badge })}
                    >
                      {t("Award")}
                    </Button>
                    <Button
                      compact
                      aria-label={formatText(t("Edit {badge}"), { badge: badge.name })}
                      onClick={() => open({ kind: "form", badge })}
                    >
                      {t("Edit")}
                    </Button>
                    <Button
                      compact
                      aria-label={formatText(t("Delete {badge}"), { badge: badge.name })}
                      onClick={() => open({ kind: "delete", badge })}
                    >
                      {t("Delete")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {dialog?.kind === "form" && (
        <BadgeFormModal
          badge={dialog.badge}
          action={action}
          onCancel={() => setDialog(null)}
          onSave={(draft) => save(dialog.badge, draft)}
        />
      )}
      {dialog?.kind === "award" && (
        <AwardBadgeModal
          badge={dialog.badge}
          action={action}
          onCancel={() => setDialog(null)}
          onAward={(name, reason) => award(dialog.badge, name, reason)}
        />
      )}
      {dialog?.kind === "delete" && (
        <Modal isVisible onClose={() => setDialog(null)} title={t("Delete Badge")} size="small">
          <div className="dashboardConfirm-body">
            <p>
              {dialog.badge.countRecipients > 0
                ? formatText(t("{count} members hold {badge}; they lose it and its points."), {
                    count: dialog.badge.countRecipients,
                    badge: dialog.badge.name,
                  })
                : formatText(t("Delete the badge {badge}?"), { badge: dialog.badge.name })}
            </p>
            {action.error ? (
              <p className="badgeAdmin-error" role="alert">
                {action.error.description ?? action.error.message}
              </p>
            ) : null}
          </div>
          <div className="dashboardConfirm-actions">
            <Button onClick={() => setDialog(null)} disabled={action.pending}>
              {t("Cancel")}
            </Button>
            <Button
              variant="primary"
              pending={action.pending}
              onClick={() =>
                run(
                  () => deleteBadge(dialog.badge.badgeID),
                  formatText(t("The badge {badge} was deleted."), { badge: dialog.badge.name }),
                )
              }
            >
              {t("Delete")}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
