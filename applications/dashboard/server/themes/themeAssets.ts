import type { ThemeAssetName, ThemeAssets, ThemeAssetsInput, ThemeID } from "@forum/api/themes";

/** A theme's assets as stored (one JSON column per revision) and as file themes ship them. */
export interface StoredThemeAssets {
  header?: string;
  footer?: string;
  javascript?: string;
  styles?: string;
  variables?: Record<string, string>;
}

const ASSET_FILES: Record<ThemeAssetName, { file: string; type: string; contentType: string }> = {
  header: { file: "header.html", type: "html", contentType: "text/html" },
  footer: { file: "footer.html", type: "html", contentType: "text/html" },
  javascript: { file: "javascript.js", type: "js", contentType: "application/javascript" },
  styles: { file: "styles.css", type: "css", contentType: "text/css" },
  variables: { file: "variables.json", type: "json", contentType: "application/json" },
};

/** The asset a file name of `/themes/{themeKey}/assets/{file}` serves. */
export function assetOfFile(file: string): ThemeAssetName | undefined {
  return (Object.keys(ASSET_FILES) as ThemeAssetName[]).find((name) => ASSET_FILES[name].file === file);
}

export function assetContentType(name: ThemeAssetName): string {
  return ASSET_FILES[name].contentType;
}

/** Where an asset of a theme is served (the themes folder, keyed by the theme's key). */
export function themeAssetUrl(themeID: ThemeID, name: ThemeAssetName, revisionID?: number | null): string {
  const base = `/themes/${encodeURIComponent(String(themeID))}/assets/${ASSET_FILES[name].file}`;
  return revisionID ? `${base}?revisionID=${revisionID}` : base;
}

/** Which `<asset>.data` an `expand` asks for (`all`, `variables.data,styles.data`). */
export function expandedAssets(expand: string | undefined): Set<ThemeAssetName> {
  const asked = new Set((expand ?? "").split(",").map((part) => part.trim()));
  return new Set(
    (Object.keys(ASSET_FILES) as ThemeAssetName[]).filter(
      (name) => asked.has("all") || asked.has(`${name}.data`),
    ),
  );
}

/** The API's `assets`: every asset with its URL; `data` only for the expanded ones. */
export function presentAssets(
  themeID: ThemeID,
  assets: StoredThemeAssets,
  expand: Set<ThemeAssetName>,
  revisionID?: number | null,
): ThemeAssets {
  const result: ThemeAssets = {};
  for (const name of Object.keys(ASSET_FILES) as ThemeAssetName[]) {
    const { type, contentType } = ASSET_FILES[name];
    const data = name === "variables" ? (assets.variables ?? {}) : (assets[name] ?? "");
    result[name] = {
      type,
      url: themeAssetUrl(themeID, name, revisionID),
      "content-type": contentType,
      ...(expand.has(name) ? { data } : {}),
    };
  }
  return result;
}

/** The body of an asset file (variables as JSON). */
export function assetText(assets: StoredThemeAssets, name: ThemeAssetName): string {
  if (name === "variables") return JSON.stringify(assets.variables ?? {});
  return assets[name] ?? "";
}

/** Applies an edit (`assets` of POST or PATCH) over stored assets; an empty text removes the asset. */
export function mergeAssets(base: StoredThemeAssets, input: ThemeAssetsInput | undefined): StoredThemeAssets {
  const next: StoredThemeAssets = { ...base };
  if (!input) return next;
  for (const name of ["header", "footer", "javascript", "styles"] as const) {
    const edit = input[name];
    if (edit === undefined) continue;
    if (edit.data.trim() === "") delete next[name];
    else next[name] = edit.data;
  }
  if (input.variables) next.variables = { ...input.variables.data };
  return next;
}

/** Reads a stored revision's JSON (a damaged one reads as no assets rather than failing every page). */
export function parseStoredAssets(json: string): StoredThemeAssets {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const raw = value as Record<string, unknown>;
    const text = (key: string) => (typeof raw[key] === "string" ? raw[key] : undefined);
    const variables =
      raw.variables && typeof raw.variables === "object" && !Array.isArray(raw.variables)
        ? Object.fromEntries(
            Object.entries(raw.variables as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === "string",
            ),
          )
        : undefined;
    return {
      ...(text("header") !== undefined ? { header: text("header") } : {}),
      ...(text("footer") !== undefined ? { footer: text("footer") } : {}),
      ...(text("javascript") !== undefined ? { javascript: text("javascript") } : {}),
      ...(text("styles") !== undefined ? { styles: text("styles") } : {}),
      ...(variables ? { variables } : {}),
    };
  } catch {
    return {};
  }
}
