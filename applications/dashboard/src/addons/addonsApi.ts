import type { Addon, AddonPatchBody } from "@forum/api/addons";
import { apiv2 } from "@library/src/api/apiClient";

/** `GET /addons` (API.md 21): every application and add-on with its state. */
export async function getAddons(): Promise<Addon[]> {
  return (await apiv2.get<Addon[]>("addons")).data;
}

/** `PATCH /addons/{id}`: enable or disable; answers every add-on whose state changed (requirements too). */
export async function patchAddon(addonID: string, enabled: boolean): Promise<Addon[]> {
  return (
    await apiv2.patch<Addon[]>(`addons/${encodeURIComponent(addonID)}`, { enabled } satisfies AddonPatchBody)
  ).data;
}
