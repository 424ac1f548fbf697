import type { Sharp, SharpOptions } from "sharp";

let loadedSharp: Promise<(input: string, options?: SharpOptions) => Sharp> | null = null;

/**
 * sharp (libvips, about 20 MB of native memory) is loaded at the first image upload, not at start: a server that
 * never receives an image never holds it. Each upload is decoded once: libvips' operation cache would only hold
 * memory, so it is off.
 */
function loadSharp(): Promise<(input: string, options?: SharpOptions) => Sharp> {
  loadedSharp ??= import("sharp").then((module) => {
    const sharp = module.default;
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

/** Longest side of a stored image; larger ones are scaled down (never up). */
export const IMAGE_MAX_DIMENSION = 2000;

type SharpFormat = "jpeg" | "png" | "webp" | "gif" | "tiff";

/** Extensions whose contents sharp decodes, re-encodes (dropping EXIF, GPS and comments) and may resize. */
const PROCESSED: Record<string, SharpFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  tiff: "tiff",
};

/** Image extensions checked only by their signature (sharp does not decode them). */
const SIGNATURES: Record<string, number[][]> = {
  bmp: [[0x42, 0x4d]],
  ico: [[0x00, 0x00, 0x01, 0x00]],
};

/** Said of a file whose contents are not the format its extension names, or an image that cannot be decoded. */
export const CONTENT_MISMATCH_MESSAGE = "The file's contents do not match its extension.";

export class ContentMismatchError extends Error {
  constructor() {
    super(CONTENT_MISMATCH_MESSAGE);
  }
}

export interface ProcessedImage {
  buffer: Buffer | null;
  width: number | null;
  height: number | null;
}

export function isImageExtension(extension: string): boolean {
  return extension in PROCESSED || extension in SIGNATURES;
}

/**
 * An uploaded image made safe to serve: its contents must be the format its extension names
 * (`ContentMismatchError` otherwise); decodable formats come back re-encoded without metadata, turned upright
 * and at most IMAGE_MAX_DIMENSION on a side. `buffer` is null when the original is kept (bmp, ico).
 */
export async function processImage(
  inputPath: string,
  extension: string,
  head: Buffer,
): Promise<ProcessedImage> {
  const signatures = SIGNATURES[extension];
  if (signatures) {
    if (!signatures.some((bytes) => bytes.every((byte, index) => head[index] === byte)))
      throw new ContentMismatchError();
    return { buffer: null, width: null, height: null };
  }
  const format = PROCESSED[extension];
  if (!format) throw new ContentMismatchError();
  const sharp = await loadSharp();
  let detected: string | undefined;
  try {
    detected = (await sharp(inputPath).metadata()).format;
  } catch {
    throw new ContentMismatchError();
  }
  if (detected !== format) throw new ContentMismatchError();
  const animated = format === "gif" || format === "webp";
  try {
    const { data, info } = await sharp(inputPath, { animated })
      .rotate()
      .resize({
        width: IMAGE_MAX_DIMENSION,
        height: IMAGE_MAX_DIMENSION,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toFormat(format)
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    // A sound header over damaged pixels (libpng, libjpeg… refuse the data): not an image we can serve.
    throw new ContentMismatchError();
  }
}
