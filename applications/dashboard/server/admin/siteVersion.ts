import fs from "node:fs";
import { repositoryPath } from "@library/server/app/repositoryRoot";

let cached: string | null = null;

/** The product version from the root package.json (read once). */
export function readPackageVersion(): string {
  if (cached !== null) return cached;
  try {
    const file = repositoryPath("package.json");
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { version?: unknown };
    cached = typeof parsed.version === "string" ? parsed.version : "0.0.0";
  } catch {
    cached = "0.0.0";
  }
  return cached;
}
