import fs from "node:fs";
import path from "node:path";

export type EntryName = "forum" | "legacy" | "dashboard";
export interface EntryAssets {
  js: string[];
  css: string[];
}
export type AssetManifest = Partial<Record<EntryName, EntryAssets>>;

/** Reads dist/manifest.json written by webpack; an unbuilt client gives pages that work without JavaScript. */
export function readAssetManifest(distDir: string): AssetManifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, "manifest.json"), "utf8")) as AssetManifest;
  } catch {
    return {};
  }
}
