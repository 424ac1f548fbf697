import type { Role } from "@forum/api/roles";
import { apiv2 } from "@library/src/api/apiClient";
import type { Rank, RankPatch, RankPost } from "../../api/ranksApi";

/** Every rank, lowest level first. */
export async function fetchRanks(): Promise<Rank[]> {
  return (await apiv2.get<Rank[]>("ranks")).data;
}

/** The roles a rank may require. */
export async function fetchRoles(): Promise<Role[]> {
  return (await apiv2.get<Role[]>("roles")).data;
}

export async function createRank(body: RankPost): Promise<void> {
  await apiv2.post("ranks", body);
}

/** Replaces the rank's fields, its criteria all at once. */
export async function patchRank(rankID: number, body: RankPatch): Promise<void> {
  await apiv2.patch(`ranks/${rankID}`, body);
}

export async function deleteRank(rankID: number): Promise<void> {
  await apiv2.delete(`ranks/${rankID}`);
}
