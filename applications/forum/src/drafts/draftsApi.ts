import type { Draft, DraftEdit, DraftListQuery, DraftPatch, DraftPost } from "@forum/api/drafts";
import { apiv2 } from "@library/src/api/apiClient";
import { pagingFromHeaders, type Paging } from "@library/src/api/paging";

/** Typed calls of API.md 14 over the shared `apiv2` instance. */

export async function listDrafts(query: DraftListQuery): Promise<{ drafts: Draft[]; paging: Paging }> {
  const response = await apiv2.get<Draft[]>("drafts", { params: query });
  return { drafts: response.data, paging: pagingFromHeaders(response.headers) };
}

export async function getDraftEdit(draftID: number): Promise<DraftEdit> {
  return (await apiv2.get<DraftEdit>(`drafts/${draftID}/edit`)).data;
}

export async function postDraft(body: DraftPost): Promise<Draft> {
  return (await apiv2.post<Draft>("drafts", body)).data;
}

export async function patchDraft(draftID: number, body: DraftPatch): Promise<Draft> {
  return (await apiv2.patch<Draft>(`drafts/${draftID}`, body)).data;
}

export async function deleteDraft(draftID: number): Promise<void> {
  await apiv2.delete(`drafts/${draftID}`);
}

export async function cancelDraftSchedule(draftID: number): Promise<Draft> {
  return (await apiv2.patch<Draft>(`drafts/cancel-schedule/${draftID}`)).data;
}
