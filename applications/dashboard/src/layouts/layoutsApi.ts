import type { Category } from "@forum/api/categories";
import type { Fragment, FragmentPatch, FragmentPost } from "@forum/api/fragments";
import type { HydratedLayout } from "@forum/api/layouts";
import type { LayoutPatch, LayoutPost, LayoutView, StoredLayout } from "@forum/api/storedLayouts";
import { apiv2 } from "@library/src/api/apiClient";

export async function fetchLayouts(): Promise<StoredLayout[]> {
  return (await apiv2.get<StoredLayout[]>("layouts")).data;
}

export async function createLayout(body: LayoutPost): Promise<StoredLayout> {
  return (await apiv2.post<StoredLayout>("layouts", body)).data;
}

export async function patchLayout(layoutID: number, body: LayoutPatch): Promise<StoredLayout> {
  return (await apiv2.patch<StoredLayout>(`layouts/${layoutID}`, body)).data;
}

/** The layout being edited filled with the site's data, not saved (the editor's preview). */
export async function hydrateLayout(
  body: Pick<LayoutPost, "layoutViewType" | "layout">,
): Promise<HydratedLayout> {
  return (await apiv2.post<HydratedLayout>("layouts/hydrate", body)).data;
}

export async function putLayoutViews(layoutID: number, views: LayoutView[]): Promise<StoredLayout> {
  return (await apiv2.put<StoredLayout>(`layouts/${layoutID}/views`, views)).data;
}

export async function deleteLayout(layoutID: number): Promise<void> {
  await apiv2.delete(`layouts/${layoutID}`);
}

export async function fetchFragments(): Promise<Fragment[]> {
  return (await apiv2.get<Fragment[]>("fragments")).data;
}

export async function createFragment(body: FragmentPost): Promise<Fragment> {
  return (await apiv2.post<Fragment>("fragments", body)).data;
}

export async function patchFragment(fragmentUUID: string, body: FragmentPatch): Promise<Fragment> {
  return (await apiv2.patch<Fragment>(`fragments/${fragmentUUID}`, body)).data;
}

export async function deleteFragment(fragmentUUID: string): Promise<void> {
  await apiv2.delete(`fragments/${fragmentUUID}`);
}

/** The `customLayout.*` flag of a view type: on, its pages are drawn from layouts (SPEC 2). */
export async function setCustomLayoutFlag(flag: string, on: boolean): Promise<void> {
  await apiv2.patch("config", { [flag]: on });
}

/** The categories a layout may be applied to, flat. */
export async function fetchCategories(): Promise<Category[]> {
  return (await apiv2.get<Category[]>("categories", { params: { outputFormat: "flat", limit: 500 } })).data;
}
