import type {
  ColorScheme,
  Theme,
  ThemeAssetsInput,
  ThemeID,
  ThemePatchBody,
  ThemePostBody,
} from "@forum/api/themes";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";

/** Every theme (file and stored), with their variables for the cards. */
export async function fetchThemes(): Promise<Theme[]> {
  return (await apiv2.get<Theme[]>("themes", { params: { expand: "variables.data" } })).data;
}

/** One theme with all its assets' data (`revisionID` for an older revision). */
export async function fetchTheme(themeID: ThemeID, revisionID?: number): Promise<Theme> {
  const params = { expand: "all", ...(revisionID ? { revisionID } : {}) };
  return (await apiv2.get<Theme>(`themes/${themeID}`, { params })).data;
}

/** A template's assets: a theme that is not there (404, an add-on switched off) has none, which is no error. */
export async function fetchThemeAssetsOrNone(themeID: ThemeID): Promise<Theme | null> {
  try {
    return await fetchTheme(themeID);
  } catch (caught) {
    if (toApiError(caught).status === 404) return null;
    throw caught;
  }
}

export async function fetchThemeRevisions(themeID: ThemeID): Promise<Theme[]> {
  return (await apiv2.get<Theme[]>(`themes/${themeID}/revisions`)).data;
}

export async function createTheme(body: ThemePostBody): Promise<Theme> {
  return (await apiv2.post<Theme>("themes", body)).data;
}

export async function patchTheme(themeID: ThemeID, body: ThemePatchBody): Promise<Theme> {
  return (await apiv2.patch<Theme>(`themes/${themeID}`, body)).data;
}

export async function deleteTheme(themeID: ThemeID): Promise<void> {
  await apiv2.delete(`themes/${themeID}`);
}

export async function applyTheme(themeID: ThemeID): Promise<Theme> {
  return (await apiv2.put<Theme>("themes/current", { themeID })).data;
}

/** Starts previewing a theme (or one of its revisions) in this browser session. */
export async function previewTheme(themeID: ThemeID, revisionID?: number): Promise<Theme> {
  return (await apiv2.put<Theme>("themes/preview", { themeID, ...(revisionID ? { revisionID } : {}) })).data;
}

export async function cancelThemePreview(): Promise<void> {
  await apiv2.put("themes/preview", { themeID: "" });
}

/** Makes a revision the theme's active one. */
export async function restoreThemeRevision(themeID: ThemeID, revisionID: number): Promise<Theme> {
  return patchTheme(themeID, { revisionID });
}

export async function saveColorScheme(colorScheme: ColorScheme): Promise<void> {
  await apiv2.put("themes/color-scheme", { colorScheme });
}

/** The assets body of a save: variables always, texts as typed (an empty one removes the asset). */
export function assetsInput(draft: {
  variables: Record<string, string>;
  styles: string;
  javascript: string;
  header: string;
  footer: string;
}): ThemeAssetsInput {
  const variables = Object.fromEntries(
    Object.entries(draft.variables).filter(([, value]) => value.trim() !== ""),
  );
  return {
    variables: { type: "json", data: variables },
    styles: { type: "css", data: draft.styles },
    javascript: { type: "js", data: draft.javascript },
    header: { type: "html", data: draft.header },
    footer: { type: "html", data: draft.footer },
  };
}
