// Benchmark (figures, not a test): POST /media of a 2 MB JPEG (a noisy 1800×1350 photo, EXIF included), over
// HTTP against the whole server on a fresh SQLite database and a temporary DATA_DIR: latency percentiles one
// request at a time and four at a time, and the server process's resident memory (sampled every 20 ms).
//
//   npx tsx scripts/bench/mediaUpload.ts
//   npx tsx scripts/bench/mediaUpload.ts --uploads 200 --concurrency 4
import { parseArgs } from "node:util";
import sharp from "sharp";
import { percentile, startBenchServer } from "./benchServer";

const { values } = parseArgs({
  options: {
    uploads: { type: "string", default: "100" },
    concurrency: { type: "string", default: "4" },
    port: { type: "string", default: "3213" },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/** About 2 MB: random pixels compress badly, as a real photo's detail does. */
async function twoMegabytePhoto(): Promise<Buffer> {
  const width = 1800;
  const height = 1350;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919 + (index >> 9)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: "BenchCam" } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function main(): Promise<void> {
  const server = await startBenchServer({ databaseUrl: "", label: "media", port });
  const moderator = await server.signedIn("Moderator");
  const photo = await twoMegabytePhoto();
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const upload = async (index: number): Promise<number> => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `photo-${index}.jpg`);
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}/api/v2/media`, {
      method: "POST",
      headers: {
        "x-requested-with": "vanilla",
        referer: `${base}/`,
        cookie: moderator.cookie,
      },
      body: form,
    });
    if (response.status !== 201) throw new Error(`POST /media: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  try {
    for (let index = 0; index < 5; index += 1) await upload(index);
    const rssBefore = process.memoryUsage().rss;
    const rows: string[] = [];
    for (const concurrency of [1, Number(values.concurrency)]) {
      peakRss = 0;
      const timings: number[] = [];
      let next = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < Number(values.uploads)) timings.push(await upload(next++));
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      timings.sort((a, b) => a - b);
      rows.push(
        `| ${concurrency} | ${timings.length} | ${(timings.length / seconds).toFixed(1)} | ${percentile(timings, 0.5).toFixed(0)} | ${percentile(timings, 0.99).toFixed(0)} | ${(peakRss / 1024 ** 2).toFixed(0)} |`,
      );
    }
    process.stdout.write(
      [
        "",
        `POST /media, ${(photo.length / 1024 ** 2).toFixed(2)} MB JPEG 1800x1350 (stored re-encoded, without EXIF); RSS after warm-up ${(rssBefore / 1024 ** 2).toFixed(0)} MB`,
        "| at once | uploads | per s | p50 ms | p99 ms | peak RSS MB |",
        "|---|---|---|---|---|---|",
        ...rows,
        "",
      ].join("\n"),
    );
  } finally {
    clearInterval(sampler);
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
