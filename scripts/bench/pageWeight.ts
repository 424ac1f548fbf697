// What a guest's cold load of a page transfers, measured in a browser (figures, not a test): every response
// until the network is idle with no interaction, by kind, as the bytes on the wire (compressed bodies). The
// JavaScript figure counts the chunks a page's widgets fetch when they mount, not only its <script> tags.
//
//   npx tsx scripts/bench/pageWeight.ts --base http://127.0.0.1:3000 [--path /discussion/1] [--width 1280]
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium, type Request } from "playwright-core";
import { resolveTargets } from "./benchTargets";

export type AssetKind = "html" | "css" | "js" | "font" | "image" | "other";

export interface PageWeight {
  /** Bytes on the wire (headers and body) by kind. */
  bytes: Record<AssetKind, number>;
  /** The JavaScript's size as gzip -9 (the unit), whatever encoding the server chose. */
  jsGzip: number;
  /** Each response: kind, path, bytes on the wire, content-encoding. */
  files: { kind: AssetKind; path: string; bytes: number; encoding: string }[];
}

function kindOf(request: Request): AssetKind {
  const type = request.resourceType();
  if (type === "document") return "html";
  if (type === "stylesheet") return "css";
  if (type === "script") return "js";
  if (type === "font") return "font";
  if (type === "image") return "image";
  return "other";
}

/** Loads `url` in a fresh browser context (empty cache, no cookies) and adds up what it transferred. */
export async function measurePageWeight(
  url: string,
  width: number,
  executablePath: string,
): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const finished: Request[] = [];
    page.on("requestfinished", (request) => finished.push(request));
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForFunction(() => !document.body.classList.contains("isLoading"));
    await page.waitForLoadState("networkidle");
    const weight: PageWeight = {
      bytes: { html: 0, css: 0, js: 0, font: 0, image: 0, other: 0 },
      jsGzip: 0,
      files: [],
    };
    for (const request of finished) {
      const sizes = await request.sizes();
      const response = await request.response();
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const kind = kindOf(request);
      weight.bytes[kind] += bytes;
      if (kind === "js" && response) weight.jsGzip += gzipSync(await response.body(), { level: 9 }).length;
      weight.files.push({
        kind,
        path: new URL(request.url()).pathname,
        bytes,
        encoding: (await response?.headerValue("content-encoding")) ?? "identity",
      });
    }
    return weight;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  // Read here, not on import: runBench imports this file with its own options.
  const { values } = parseArgs({
    options: {
      base: { type: "string", default: "http://127.0.0.1:3000" },
      path: { type: "string", default: "" },
      width: { type: "string", default: "1280" },
      chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    },
  });
  const base = values.base ?? "http://127.0.0.1:3000";
  const path = values.path || ((await resolveTargets(base))[2]?.path ?? "/");
  const weight = await measurePageWeight(`${base}${path}`, Number(values.width), values.chromium ?? "");
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = totalBytes(weight);
  const lines = [
    `Cold load of ${path} as a guest at ${values.width} px: ${kb(total)} transferred`,
    `  JavaScript fetched without interaction: ${kb(weight.jsGzip)} gzip -9`,
    ...Object.entries(weight.bytes).map(([kind, bytes]) => `  ${kind}: ${kb(bytes)}`),
    "",
    ...weight.files.map(
      (file) =>
        `  ${file.kind.padEnd(5)} ${kb(file.bytes).padStart(9)} ${file.encoding.padEnd(8)} ${file.path}`,
    ),
    "",
  ];
  process.stdout.write(lines.join("\n"));
}

/** The transferred total of a weight. */
export function totalBytes(weight: PageWeight): number {
  return Object.values(weight.bytes).reduce((sum, bytes) => sum + bytes, 0);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
