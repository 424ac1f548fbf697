import type { Invitee } from "../../api/groupsApi";

/** SPEC 3's user invitation draft: the members picked, the addresses typed, and the last call's results. */
export interface InvitationDraft {
  invitees: { userID: number; name: string }[];
  emailsString: string;
  results: InvitationResult[] | null;
}

export interface InvitationResult {
  label: string;
  invited: boolean;
}

export const EMPTY_DRAFT: InvitationDraft = { invitees: [], emailsString: "", results: null };

/** The addresses of the typed text: separated by commas, semicolons, spaces or lines; duplicates once. */
export function parseEmails(emailsString: string): string[] {
  const emails = emailsString
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter((email) => email !== "");
  return [...new Set(emails)];
}

/** What the draft sends: `userIDs` from the invitees, `emails` parsed from the text. */
export function draftBody(draft: InvitationDraft): { userIDs: number[]; emails: string[] } {
  return {
    userIDs: draft.invitees.map((invitee) => invitee.userID),
    emails: parseEmails(draft.emailsString),
  };
}

/** Per invitee: invited, or skipped (already a member, already invited, or named twice). */
export function invitationResults(draft: InvitationDraft, created: readonly Invitee[]): InvitationResult[] {
  const users = new Set(created.flatMap((invitee) => (invitee.userID !== undefined ? [invitee.userID] : [])));
  const emails = new Set(created.flatMap((invitee) => (invitee.email !== undefined ? [invitee.email] : [])));
  return [
    ...draft.invitees.map((invitee) => ({ label: invitee.name, invited: users.has(invitee.userID) })),
    ...parseEmails(draft.emailsString).map((email) => ({
      label: email,
      invited: emails.has(email.toLowerCase()),
    })),
  ];
}
