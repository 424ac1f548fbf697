/** SPEC 9: shared links carry utm_source=community-share. */
export const SHARE_UTM_SOURCE = "community-share";

/** The permalink with `utm_source=community-share` (replacing any earlier value, keeping the hash). */
export function shareUrl(url: string): string {
  const parsed = new URL(url, window.location.href);
  parsed.searchParams.set("utm_source", SHARE_UTM_SOURCE);
  return parsed.toString();
}

/** A mailto: link whose subject is the discussion title and whose body is the shared link (from `shareUrl`). */
export function emailShareUrl(name: string, sharedUrl: string): string {
  return `mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(sharedUrl)}`;
}

/** Put text on the clipboard (the async Clipboard API, or a hidden textarea where it is missing). */
export async function copyText(text: string): Promise<void> {
  if (
    typeof navigator !== "undefined" &&
    navigator.clipboard &&
    typeof navigator.clipboard.writeText === "function"
  ) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("Copy failed");
}
