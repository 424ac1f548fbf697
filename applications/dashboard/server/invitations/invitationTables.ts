import type { Generated } from "kysely";

export interface InvitationTable {
  invitationID: Generated<number>;
  /** sha256 of the code in the mailed link (`hashToken`). */
  codeHash: string;
  /** Lower-cased address the invitation was sent to. */
  email: string;
  insertUserID: number;
  dateInserted: string;
  dateExpires: string;
  acceptedUserID: number | null;
  dateAccepted: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    invitations: InvitationTable;
  }
}
