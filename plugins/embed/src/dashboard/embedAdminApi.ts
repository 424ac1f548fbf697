import type { Category } from "@forum/api/categories";
import { apiv2 } from "@library/src/api/apiClient";
import type { EmbedSettings, EmbedSettingsPatch } from "../../api/embedApi";

export async function fetchEmbedSettings(): Promise<EmbedSettings> {
  return (await apiv2.get<EmbedSettings>("embed/settings")).data;
}

export async function patchEmbedSettings(patch: EmbedSettingsPatch): Promise<EmbedSettings> {
  return (await apiv2.patch<EmbedSettings>("embed/settings", patch)).data;
}

/** Categories that take discussions (flat list, tree order): where blog comments may go. */
export async function fetchPostableCategories(): Promise<Category[]> {
  const response = await apiv2.get<Category[]>("categories", {
    params: { outputFormat: "flat", limit: 500 },
  });
  return response.data.filter(
    (category) => category.displayAs === "discussions" || category.displayAs === "flat",
  );
}
