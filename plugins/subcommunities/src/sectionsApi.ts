import { apiv2 } from "@library/src/api/apiClient";
import type { SiteSection, SiteSectionPatch, SiteSectionPost } from "../api/subcommunitiesApi";

export async function fetchSections(): Promise<SiteSection[]> {
  return (await apiv2.get<SiteSection[]>("subcommunities")).data;
}

export async function createSection(body: SiteSectionPost): Promise<SiteSection> {
  return (await apiv2.post<SiteSection>("subcommunities", body)).data;
}

export async function updateSection(siteSectionID: number, body: SiteSectionPatch): Promise<SiteSection> {
  return (await apiv2.patch<SiteSection>(`subcommunities/${siteSectionID}`, body)).data;
}

export async function deleteSection(siteSectionID: number): Promise<void> {
  await apiv2.delete(`subcommunities/${siteSectionID}`);
}

/** The section whose folder starts the current address (`/fr/…`), or null on the site itself. */
export function currentSectionOf(sections: readonly SiteSection[], pathname: string): SiteSection | null {
  const first = pathname.split("/")[1]?.toLowerCase() ?? "";
  return sections.find((section) => section.slug === first) ?? null;
}
