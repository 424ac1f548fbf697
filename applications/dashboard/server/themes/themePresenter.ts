import type { Theme, ThemeAssetName } from "@forum/api/themes";
import { presentAssets } from "./themeAssets";
import { previewCard } from "./themePreviewCard";
import type { ResolvedTheme, ThemeRevisionRow } from "./themeQueries";

const FEATURES = { DataDrivenTheme: true } as const;

/** The API's Theme (API.md 19); `current` compares with the site's theme key. */
export function presentTheme(theme: ResolvedTheme, currentKey: string, expand: Set<ThemeAssetName>): Theme {
  return {
    themeID: theme.themeID,
    type: theme.type,
    name: theme.name,
    version: theme.version,
    current: String(theme.themeID) === currentKey,
    active: theme.revisionID === null || theme.revisionID === theme.activeRevisionID,
    revisionID: theme.revisionID,
    ...(theme.revisionName ? { revisionName: theme.revisionName } : {}),
    ...(theme.parentTheme ? { parentTheme: theme.parentTheme } : {}),
    ...(theme.parentVersion ? { parentVersion: theme.parentVersion } : {}),
    ...(theme.insertUserID !== null ? { insertUserID: theme.insertUserID } : {}),
    ...(theme.dateInserted ? { dateInserted: theme.dateInserted } : {}),
    assets: presentAssets(
      theme.themeID,
      theme.assets,
      expand,
      theme.revisionID !== theme.activeRevisionID ? theme.revisionID : null,
    ),
    preview: previewCard(theme),
    features: { ...FEATURES },
    supportedSections: [],
  };
}

/** A revision in `GET /themes/{id}/revisions`: no assets, preview, features or sections. */
export function presentRevision(theme: ResolvedTheme, revision: ThemeRevisionRow, currentKey: string): Theme {
  return {
    themeID: theme.themeID,
    type: theme.type,
    name: theme.name,
    version: theme.version,
    current: String(theme.themeID) === currentKey,
    active: revision.revisionID === theme.activeRevisionID,
    revisionID: revision.revisionID,
    ...(revision.revisionName ? { revisionName: revision.revisionName } : {}),
    insertUserID: revision.insertUserID,
    dateInserted: revision.dateInserted,
  };
}
