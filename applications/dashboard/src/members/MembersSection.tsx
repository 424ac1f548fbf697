import type { Role } from "@forum/api/roles";
import type { User } from "@forum/api/users";
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { PagedListView } from "../lists/PagedListView";
import { usePageParam, useQueryParam } from "../lists/usePageParam";
import { usePagedList } from "../lists/usePagedList";
import { BanMemberModal } from "@library/src/users/BanMemberModal";
import { DeleteMemberModal, EditMemberModal } from "./memberModals";
import "./members.css";

type SortKey = "name" | "dateInserted" | "dateLastActive";

const SORTABLE: Array<{ key: SortKey; label: string }> = [
  { key: "name", label: "Name" },
  { key: "dateInserted", label: "Joined" },
  { key: "dateLastActive", label: "Last active" },
];

function SearchForm({ value, onSearch }: { value: string; onSearch: (query: string | null) => void }) {
  const [draft, setDraft] = useState(value);
  const inputID = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim() || null);
  };
  return (
    <form role="search" className="dashboardToolbar-group" onSubmit={submit}>
      <label htmlFor={inputID}>{t("Search members")}</label>
      <input
        id={inputID}
        type="search"
        className="input dashboardFilter"
        placeholder={t("Name or email")}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" compact>
        {t("Search")}
      </Button>
    </form>
  );
}

type Dialog = { kind: "edit" | "ban" | "delete"; member: User } | null;

/**
 * Dashboard › Members: search by name or email, filter by role (Applicants to approve), sort by name, join date
 * or last activity; edit roles, title and email, send a password reset, ban and unban, delete, approve.
 */
export function MembersSection() {
  const toast = useToast();
  const roleFilterID = useId();
  const [page, setPage] = usePageParam();
  const [query, setQuery] = useQueryParam("query");
  const [roleID, setRoleID] = useQueryParam("roleID");
  const [sort, setSort] = useQueryParam("sort");
  const [roles, setRoles] = useState<Role[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const currentSort = sort ?? "-dateInserted";
  const { list, reload } = usePagedList<User>("users", {
    page,
    limit: 30,
    sort: currentSort,
    ...(query ? { query } : {}),
    ...(roleID ? { roleID } : {}),
  });

  useEffect(() => {
    apiv2
      .get<Role[]>("roles", { params: { expand: "all", limit: 500 } })
      .then((response) => setRoles(response.data))
      .catch(() => setRoles([]));
  }, []);
  const applicantRoleIDs = new Set(
    roles.filter((role) => role.type === "applicant").map((role) => role.roleID),
  );

  const quickWrite = async (member: User, write: () => Promise<unknown>, done: string) => {
    setBusy(member.userID);
    try {
      await write();
      toast.addToast({ type: "success", message: formatText(t(done), { name: member.name }) });
      reload();
    } catch (error) {
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setBusy(null);
    }
  };

  const sortButton = (key: SortKey, label: string) => {
    const active = currentSort.replace(/^-/, "") === key;
    const descending = active && currentSort.startsWith("-");
    return (
      <th scope="col" key={key} aria-sort={active ? (descending ? "descending" : "ascending") : undefined}>
        <button
          type="button"
          className="membersTable-sort"
          onClick={() => setSort(active && !descending ? `-${key}` : key)}
        >
          {t(label)}
          <span aria-hidden="true">{active ? (descending ? " ▼" : " ▲") : ""}</span>
        </button>
      </th>
    );
  };

  return (
    <>
      <div className="dashboardToolbar">
        <SearchForm key={query ?? ""} value={query ?? ""} onSearch={setQuery} />
        <div className="dashboardToolbar-group">
          <label htmlFor={roleFilterID}>{t("Role")}</label>
          <select
            id={roleFilterID}
            className="input dashboardSelect"
            value={roleID ?? ""}
            onChange={(event) => setRoleID(event.target.value || null)}
          >
            <option value="">{t("All roles")}</option>
            {roles.map((role) => (
              <option key={role.roleID} value={role.roleID}>
                {role.type === "applicant" ? t("Applicants (waiting for approval)") : role.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedListView list={list} reload={reload} onPageChange={setPage} emptyText={t("No members match.")}>
        {(members) => (
          <div className="dashboardTable-scroll">
            <table className="dashboardTable membersTable">
              <thead>
                <tr>
                  {sortButton("name", SORTABLE[0]?.label ?? "Name")}
                  <th scope="col">{t("Roles")}</th>
                  {SORTABLE.slice(1).map((column) => sortButton(column.key, column.label))}
                  <th scope="col">{t("IP address")}</th>
                  <th scope="col">
                    <span className="sr-only">{t("Actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => {
                  const applicant = (member.roles ?? []).some((role) => applicantRoleIDs.has(role.roleID));
                  return (
                    <tr key={member.userID}>
                      <td>
                        <div className="dashboardTable-name">
                          {member.name}
                          {member.banned === 1 && (
                            <span className="statusBadge statusBadge--failed">{t("Banned")}</span>
                          )}
                          {applicant && <span className="statusBadge">{t("Applicant")}</span>}
                        </div>
                        <div className="dashboardTable-detail">{member.email}</div>
                        {member.title && <div className="dashboardTable-detail">{member.title}</div>}
                      </td>
                      <td data-label={t("Roles")}>
                        {(member.roles ?? []).map((role) => role.name).join(", ")}
                      </td>
                      <td data-label={t("Joined")}>
                        {member.dateInserted ? <DateTime timestamp={member.dateInserted} /> : "—"}
                      </td>
                      <td data-label={t("Last active")}>
                        {member.dateLastActive ? <DateTime timestamp={member.dateLastActive} /> : "—"}
                      </td>
                      <td className="dashboardTable-detail" data-label={t("IP address")}>
                        {member.lastIPAddress ?? member.insertIPAddress ?? "—"}
                      </td>
                      <td className="dashboardTable-actions">
                        {applicant && (
                          <Button
                            compact
                            variant="primary"
                            pending={busy === member.userID}
                            aria-label={formatText(t("Approve {name}"), { name: member.name })}
                            onClick={() =>
                              void quickWrite(
                                member,
                                () => apiv2.post(`users/${member.userID}/approve`),
                                "{name} is now a member.",
                              )
                            }
                          >
                            {t("Approve")}
                          </Button>
                        )}
                        <Button
                          compact
                          aria-label={formatText(t("Edit {name}"), { name: member.name })}
                          onClick={() => setDialog({ kind: "edit", member })}
                        >
                          {t("Edit")}
                        </Button>
                        {member.banned === 1 ? (
                          <Button
                            compact
                            pending={busy === member.userID}
                            aria-label={formatText(t("Unban {name}"), { name: member.name })}
                            onClick={() =>
                              void quickWrite(
                                member,
                                () => apiv2.put(`users/${member.userID}/ban`, { banned: false }),
                                "{name} is no longer banned.",
                              )
                            }
                          >
                            {t("Unban")}
                          </Button>
                        ) : (
                          <Button
                            compact
                            aria-label={formatText(t("Ban {name}"), { name: member.name })}
                            onClick={() => setDialog({ kind: "ban", member })}
                          >
                            {t("Ban")}
                          </Button>
                        )}
                        <Button
                          compact
                          aria-label={formatText(t("Delete {name}"), { name: member.name })}
                          onClick={() => setDialog({ kind: "delete", member })}
                        >
                          {t("Delete")}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </PagedListView>
      {dialog?.kind === "edit" && (
        <EditMemberModal member={dialog.member} onClose={() => setDialog(null)} onDone={reload} />
      )}
      {dialog?.kind === "ban" && (
        <BanMemberModal
          userID={dialog.member.userID}
          name={dialog.member.name}
          defaultDays={0}
          onBanned={reload}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteMemberModal member={dialog.member} onClose={() => setDialog(null)} onDone={reload} />
      )}
    </>
  );
}
