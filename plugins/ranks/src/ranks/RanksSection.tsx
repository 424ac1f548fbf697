import { useCallback, useEffect, useState } from "react";
import type { Role } from "@forum/api/roles";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import { useToast } from "@library/src/ui/Toast/useToast";
import type { Rank } from "../../api/ranksApi";
import { RankFormModal } from "./RankFormModal";
import { bodyOf, patchOf, type RankDraft } from "./rankDraft";
import { createRank, deleteRank, fetchRanks, fetchRoles, patchRank } from "./ranksAdminApi";
import "./ranksAdmin.css";
import { formatFullNumber } from "@library/src/formatting/numbers";

type Dialog = { kind: "form"; rank: Rank | null } | { kind: "delete"; rank: Rank };

/** What earns a rank, in words: "Given by moderators", "10 posts, 30 days a member", "Everyone". */
export function earnedBy(rank: Rank, roles: readonly Role[]): string {
  if (rank.manual) return t("Given by moderators");
  const { posts, points, daysSinceJoin, roleID } = rank.criteria;
  const parts = [
    posts !== undefined ? formatText(t("{count} posts"), { count: posts }) : null,
    points !== undefined ? formatText(t("{count} points"), { count: points }) : null,
    daysSinceJoin !== undefined ? formatText(t("{count} days a member"), { count: daysSinceJoin }) : null,
    roleID !== undefined
      ? formatText(t("role {role}"), {
          role: roles.find((role) => role.roleID === roleID)?.name ?? String(roleID),
        })
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(", ") : t("Every member");
}

/**
 * Dashboard › Forum › Ranks: the ranks by level with what earns each and how many hold it; add, edit and delete
 * one. Members' ranks are recomputed in the background after every change.
 */
export function RanksSection() {
  const toast = useToast();
  const [ranks, setRanks] = useState<Rank[] | null>(null);
  const [roles, setRoles] = useState<Role[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const action = useApiAction();

  const load = useCallback(() => {
    setLoadError(null);
    Promise.all([fetchRanks(), fetchRoles()])
      .then(([rankRows, roleRows]) => {
        setRanks(rankRows);
        setRoles(roleRows);
      })
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
  const save = (rank: Rank | null, draft: RankDraft) =>
    rank
      ? run(
          () => patchRank(rank.rankID, patchOf(draft, rank)),
          formatText(t("The rank {rank} was saved."), { rank: draft.name.trim() }),
        )
      : run(
          () => createRank(bodyOf(draft)),
          formatText(t("The rank {rank} was added."), { rank: draft.name.trim() }),
        );
  const nextLevel = Math.min(100, Math.max(0, ...(ranks ?? []).map((rank) => rank.level)) + 1);

  return (
    <>
      <div className="dashboardToolbar">
        <p className="rankAdmin-intro">
          {t(
            "Members hold the highest rank they qualify for; ranks given by moderators stay until taken back.",
          )}
        </p>
        <Button variant="primary" onClick={() => open({ kind: "form", rank: null })}>
          {t("Add Rank")}
        </Button>
      </div>
      {loadError ? (
        <p className="rankAdmin-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {ranks === null && !loadError ? <Loader /> : null}
      {ranks !== null && ranks.length === 0 ? (
        <p className="dashboardEmpty">{t("There are no ranks yet.")}</p>
      ) : null}
      {ranks !== null && ranks.length > 0 ? (
        <div className="dashboardTable-scroll">
          <table className="dashboardTable">
            <thead>
              <tr>
                <th scope="col">{t("Level")}</th>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Label")}</th>
                <th scope="col">{t("Earned by")}</th>
                <th scope="col">{t("Members")}</th>
                <th scope="col">
                  <span className="sr-only">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {ranks.map((rank) => (
                <tr key={rank.rankID}>
                  <td data-label={t("Level")}>{rank.level}</td>
                  <td data-label={t("Name")} className="dashboardTable-name">
                    {rank.name}
                  </td>
                  <td data-label={t("Label")}>
                    <span className="rankAdmin-label">{rank.label}</span>
                  </td>
                  <td data-label={t("Earned by")}>{earnedBy(rank, roles)}</td>
                  <td data-label={t("Members")}>{formatFullNumber(rank.countUsers)}</td>
                  <td className="dashboardTable-actions">
                    <Button
                      compact
                      aria-label={formatText(t("Edit {rank}"), { rank: rank.name })}
                      onClick={() => open({ kind: "form", rank })}
                    >
                      {t("Edit")}
                    </Button>
                    <Button
                      compact
                      aria-label={formatText(t("Delete {rank}"), { rank: rank.name })}
                      onClick={() => open({ kind: "delete", rank })}
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
        <RankFormModal
          rank={dialog.rank}
          nextLevel={nextLevel}
          roles={roles}
          action={action}
          onCancel={() => setDialog(null)}
          onSave={(draft) => save(dialog.rank, draft)}
        />
      )}
      {dialog?.kind === "delete" && (
        <Modal isVisible onClose={() => setDialog(null)} title={t("Delete Rank")} size="small">
          <div className="dashboardConfirm-body">
            <p>
              {dialog.rank.countUsers > 0
                ? formatText(
                    t("{count} members hold {rank}; they will get the next rank they qualify for."),
                    {
                      count: dialog.rank.countUsers,
                      rank: dialog.rank.name,
                    },
                  )
                : formatText(t("Delete the rank {rank}?"), { rank: dialog.rank.name })}
            </p>
            {action.error ? (
              <p className="rankAdmin-error" role="alert">
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
                  () => deleteRank(dialog.rank.rankID),
                  formatText(t("The rank {rank} was deleted."), { rank: dialog.rank.name }),
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
