import { gzipSync } from "node:zlib";

export interface BenchTarget {
  name: string;
  path: string;
}

interface DiscussionRow {
  discussionID: number;
  categoryID: number;
  countComments: number;
  url: string;
}

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The routes the core forum issue asks about, resolved against the data set (a discussion with 30+ comments). */
export async function resolveTargets(base: string): Promise<BenchTarget[]> {
  const discussions = await getJson<DiscussionRow[]>(base, "/api/v2/discussions?limit=100");
  const busy = [...discussions].sort((a, b) => b.countComments - a.countComments)[0];
  if (!busy) throw new Error("The data set has no discussions: run scripts/seed-large.ts first.");
  const discussionPath = new URL(busy.url, base).pathname;
  // The deepest category page up to 300 in the category with the most discussions (a small data set has none
  // with 300 pages).
  const categories = await getJson<{ categoryID: number; countDiscussions: number }[]>(
    base,
    "/api/v2/categories?outputFormat=flat&limit=100",
  );
  const biggest = [...categories].sort((a, b) => b.countDiscussions - a.countDiscussions)[0];
  const categoryPage = Math.max(1, Math.min(300, Math.ceil((biggest?.countDiscussions ?? 0) / 30)));
  return [
    {
      name: "GET /api/v2/discussions?limit=30&expand=insertUser",
      path: "/api/v2/discussions?limit=30&expand=insertUser",
    },
    {
      name: "GET /api/v2/comments?discussionID=X&limit=30",
      path: `/api/v2/comments?discussionID=${busy.discussionID}&limit=30`,
    },
    { name: "discussion page (server-rendered)", path: discussionPath },
    { name: "home page", path: "/" },
    { name: "GET /api/v2/discussions?page=300&limit=30", path: "/api/v2/discussions?page=300&limit=30" },
    {
      name: `category page ${categoryPage}`,
      path: `/categories/${biggest?.categoryID ?? busy.categoryID}/p${categoryPage}`,
    },
  ];
}

/** Gzip size of the JavaScript (and CSS) a first view of a page loads. */
export async function firstViewAssetSizes(
  base: string,
  path: string,
): Promise<{ js: number; css: number; files: string[] }> {
  const page = await (await fetch(`${base}${path}`)).text();
  const scripts = [...page.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] ?? "");
  const styles = [...page.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  const size = async (file: string) =>
    gzipSync(Buffer.from(await (await fetch(new URL(file, base))).arrayBuffer()), { level: 9 }).length;
  let js = 0;
  let css = 0;
  for (const file of scripts) js += await size(file);
  for (const file of styles) css += await size(file);
  return { js, css, files: [...scripts, ...styles] };
}
