import type { Group, GroupMember } from "../../api/groupsApi";
import { formatNumberIn, pluralText } from "@library/server/i18n/readerFormats";
import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";

export function privacyLabel(group: Pick<Group, "privacy">, t: Translate): string {
  return group.privacy === "public" ? t("Public") : group.privacy === "private" ? t("Private") : t("Secret");
}

function countLine(group: Group, t: Translate): SafeHtml {
  const members = pluralText(t("{count, plural, one {member} other {members}}"), group.countMembers, t);
  const discussions = pluralText(
    t("{count, plural, one {discussion} other {discussions}}"),
    group.countDiscussions,
    t,
  );
  return html`<span class="groupCard-meta">${privacyLabel(group, t)} · ${formatNumberIn(t.locale, group.countMembers)} ${members} · ${formatNumberIn(t.locale, group.countDiscussions)} ${discussions}</span>`;
}

/** A group in the directory: name, privacy, counts, description and the viewer's place in it. */
export function groupCard(group: Group, t: Translate): SafeHtml {
  const status =
    group.viewerStatus === "leader"
      ? t("Leader")
      : group.viewerStatus === "member"
        ? t("Member")
        : group.viewerStatus === "invited"
          ? t("Invited")
          : group.viewerStatus === "requested"
            ? t("Requested")
            : "";
  return html`<li class="groupCard">
    <div class="groupCard-top"><a class="groupCard-name" href="${group.url}">${group.name}</a>${
      status ? html`<span class="metaBadge">${status}</span>` : ""
    }</div>
    ${countLine(group, t)}
    ${group.description ? html`<p class="groupCard-description">${group.description}</p>` : ""}
  </li>`;
}

/** A small form that posts one action of the group page (join, leave, answer, manage). */
export function actionForm(
  action: string,
  label: string,
  fields: Record<string, string> = {},
  primary = false,
): SafeHtml {
  return html`<form method="post" action="${action}" class="groupAction">${Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit" class="button${primary ? " button-primary" : ""}">${label}</button></form>`;
}

/** One member in the members list, with a leader's controls. */
export function memberItem(
  member: GroupMember,
  groupPath: string,
  canManage: boolean,
  t: Translate,
): SafeHtml {
  const controls = canManage
    ? html`<span class="groupMembers-controls">${
        member.role === "member"
          ? actionForm(`${groupPath}/members/${member.userID}`, t("Make Leader"), { role: "leader" })
          : ""
      }${actionForm(`${groupPath}/members/${member.userID}`, t("Remove"), { remove: "1" })}</span>`
    : "";
  return html`<li class="groupMembers-item"><a href="${member.user.url}">${member.user.name}</a>${
    member.role === "leader" ? html`<span class="metaBadge">${t("Leader")}</span>` : ""
  }${controls}</li>`;
}

export { countLine };

/** The name, description and privacy fields of the new-group and edit-group forms, filled with `values`. */
export function groupFields(t: Translate, values: Record<string, string | undefined>): SafeHtml {
  const privacy = values.privacy ?? "public";
  const option = (value: string, label: string) =>
    html`<option value="${value}"${privacy === value ? " selected" : ""}>${label}</option>`;
  return html`<div class="formGroup"><label class="formGroup-label" for="group-name">${t("Name")}</label>
        <input class="inputText" id="group-name" name="name" maxlength="100" required value="${values.name ?? ""}"></div>
      <div class="formGroup"><label class="formGroup-label" for="group-description">${t("Description")}</label>
        <textarea class="inputText inputTextArea" id="group-description" name="description" rows="3">${values.description ?? ""}</textarea></div>
      <div class="formGroup"><label class="formGroup-label" for="group-privacy">${t("Privacy")}</label>
        <select class="inputText" id="group-privacy" name="privacy">
          ${option("public", t("Public: anyone can join"))}
          ${option("private", t("Private: members ask to join"))}
          ${option("secret", t("Secret: invitation only"))}
        </select></div>`;
}

/** The group id of `/groups/{id}-{slug}`, or null. */
export function groupIDOf(slug: string): number | null {
  const match = /^(\d{1,10})(?:-.*)?$/.exec(slug);
  return match ? Number(match[1]) : null;
}

export function errorNote(message: string | undefined): SafeHtml {
  return message ? html`<p class="groupPage-error" role="alert">${message}</p>` : html``;
}
