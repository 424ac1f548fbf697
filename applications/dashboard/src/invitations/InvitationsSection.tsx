import type { Invitation, InvitationStatus } from "@forum/api/invitations";
import { useId, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { useApiAction } from "@library/src/api/useApiAction";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { PagedListView } from "../lists/PagedListView";
import { usePageParam, useQueryParam } from "../lists/usePageParam";
import { usePagedList } from "../lists/usePagedList";
import { ConfirmModal } from "../shell/ConfirmModal";
import { describeSent, InviteForm } from "./InviteForm";
import "./invitations.css";

const STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
};

function StatusCell({ invitation }: { invitation: Invitation }) {
  const badge =
    invitation.status === "accepted"
      ? " statusBadge--done"
      : invitation.status === "expired"
        ? " statusBadge--failed"
        : "";
  return (
    <td>
      <span className={`statusBadge${badge}`}>{t(STATUS_LABELS[invitation.status])}</span>
      {invitation.acceptedUser && (
        <div className="dashboardTable-detail">
          {formatText(t("Registered as {name}"), { name: invitation.acceptedUser.name })}
        </div>
      )}
    </td>
  );
}

/**
 * Dashboard › Members › Invitations: invite people by email (the link registers them, also when registration is
 * by invitation only), see who was invited, by whom, and whether they came; revoke a link not yet used.
 */
export function InvitationsSection() {
  const toast = useToast();
  const statusID = useId();
  const [page, setPage] = usePageParam();
  const [status, setStatus] = useQueryParam("status");
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const revoke = useApiAction();
  const { list, reload } = usePagedList<Invitation>("invitations", {
    page,
    limit: 30,
    ...(status ? { status } : {}),
  });

  const confirmRevoke = (invitation: Invitation) =>
    void revoke
      .run(async () => {
        await apiv2.delete(`invitations/${invitation.invitationID}`);
      })
      .then((done) => {
        if (!done) return;
        toast.addToast({
          type: "success",
          message: formatText(t("The invitation to {email} was revoked."), { email: invitation.email }),
        });
        setRevoking(null);
        reload();
      });

  return (
    <>
      <InviteForm
        onSent={(result) => {
          toast.addToast({ type: "success", message: describeSent(result) });
          reload();
        }}
      />
      <div className="dashboardToolbar">
        <div className="dashboardToolbar-group">
          <label htmlFor={statusID}>{t("Status")}</label>
          <select
            id={statusID}
            className="input dashboardSelect"
            value={status ?? ""}
            onChange={(event) => setStatus(event.target.value || null)}
          >
            <option value="">{t("All invitations")}</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedListView list={list} reload={reload} onPageChange={setPage} emptyText={t("No invitations yet.")}>
        {(invitations) => (
          <DashboardTable
            columns={[t("Email"), t("Status"), t("Invited by"), t("Sent"), t("Expires")]}
            actions
          >
            {invitations.map((invitation) => (
              <tr key={invitation.invitationID}>
                <td className="dashboardTable-name">{invitation.email}</td>
                <StatusCell invitation={invitation} />
                <td>{invitation.insertUser.name}</td>
                <td>
                  <DateTime timestamp={invitation.dateInserted} />
                </td>
                <td>
                  {invitation.status === "accepted" && invitation.dateAccepted ? (
                    "—"
                  ) : (
                    <DateTime timestamp={invitation.dateExpires} />
                  )}
                </td>
                <td className="dashboardTable-actions">
                  {invitation.status !== "accepted" && (
                    <Button
                      compact
                      aria-label={formatText(t("Revoke the invitation to {email}"), {
                        email: invitation.email,
                      })}
                      onClick={() => {
                        revoke.setError(null);
                        setRevoking(invitation);
                      }}
                    >
                      {t("Revoke")}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DashboardTable>
        )}
      </PagedListView>
      {revoking && (
        <ConfirmModal
          isVisible
          title={t("Revoke invitation")}
          confirmLabel={t("Revoke")}
          pending={revoke.pending}
          onConfirm={() => confirmRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>{formatText(t("The link mailed to {email} will stop working."), { email: revoking.email })}</p>
          {revoke.error && (
            <p className="siteSettings-errors" role="alert">
              {revoke.error.message}
            </p>
          )}
        </ConfirmModal>
      )}
    </>
  );
}
