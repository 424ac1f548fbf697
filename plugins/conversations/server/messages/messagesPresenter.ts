import type { Message } from "../../api/conversationsApi";
import type { BodyFormat } from "@forum/api/rich2";
import type { DbOrTx } from "@library/server/db/database";
import { isBodyFormat } from "@library/server/formats/renderBody";
import { toApiDate } from "@library/server/http/dates";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { Selectable } from "kysely";
import type { MessageTable } from "../tables";

export type MessageRow = Selectable<MessageTable>;

function formatOf(format: string): BodyFormat {
  return isBodyFormat(format) ? format : "text";
}

/** Messages (API.md 12): sanitised HTML rendered at write time; `insertUser` with `expand=insertUser|all`. */
export async function presentMessages(
  db: DbOrTx,
  rows: readonly MessageRow[],
  expand: readonly string[] = [],
): Promise<Message[]> {
  const withUser = expand.includes("insertUser") || expand.includes("all");
  const users = withUser
    ? await loadUserFragments(
        db,
        rows.map((row) => row.insertUserID),
      )
    : null;
  return rows.map((row) => ({
    messageID: row.messageID,
    conversationID: row.conversationID,
    body: row.bodyHtml,
    format: formatOf(row.format),
    insertUserID: row.insertUserID,
    ...(users ? { insertUser: userFragmentOf(users, row.insertUserID) } : {}),
    dateInserted: toApiDate(row.dateInserted),
  }));
}
