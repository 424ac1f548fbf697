import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A small real PNG (6×6, one colour), as a member's photo at a source. */
export async function testPhoto(): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width: 6, height: 6, channels: 3, background: "#c04020" } })
    .png()
    .toBuffer();
}

/** What a photo server answers at a path: an image, or a page that is not one. */
export type PhotoAnswer = { png: Buffer } | { html: string };

/** The answer of a source's web server for its photos; anything not listed is a 404. */
export function answerPhoto(
  photos: Record<string, PhotoAnswer>,
  path: string,
): { status: number; type: string; body: Buffer | string } {
  const photo = photos[path];
  if (!photo) return { status: 404, type: "text/plain", body: "Not found." };
  if ("png" in photo) return { status: 200, type: "image/png", body: photo.png };
  return { status: 200, type: "text/html; charset=utf-8", body: photo.html };
}

export interface PhotoServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A web server serving `photos` by path (a NodeBB site's `/assets/uploads/…`). */
export async function startPhotoServer(photos: Record<string, PhotoAnswer>): Promise<PhotoServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://photos").pathname;
    requests.push(path);
    const { status, type, body } = answerPhoto(photos, path);
    response.writeHead(status, { "Content-Type": type });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
