import type { ChangeLogEntry, ChangeLogQuery } from "@forum/api/changeLog";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls of the change log (`GET /log`, `POST /log/{id}/restore`) over the shared `apiv2` instance. */

export async function listChangeLog(query: ChangeLogQuery): Promise<ChangeLogEntry[]> {
  return (await apiv2.get<ChangeLogEntry[]>("log", { params: query })).data;
}

export async function restoreChangeLogEntry(logID: number): Promise<void> {
  await apiv2.post(`log/${logID}/restore`);
}
