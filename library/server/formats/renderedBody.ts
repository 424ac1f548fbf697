/** What every format renders to; stored with the raw body at write time (DESIGN: reads never re-render). */
export interface RenderedBody {
  /** Sanitised HTML, safe to write into a page. */
  html: string;
  /** Plain text for excerpts, search and length checks. */
  text: string;
  /** Names mentioned with @, in order of first appearance, without duplicates. */
  mentions: string[];
  /** Image URLs in order; the first is the main image. */
  images: string[];
}
