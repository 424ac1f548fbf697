/** The `data-props` of every mount point of a widget on a server-rendered page, decoded as a browser would. */
export function readWidgetProps<T = Record<string, unknown>>(page: string, component: string): T[] {
  const pattern = new RegExp(`data-react="${component}" data-props='([^']*)'`, "g");
  return [...page.matchAll(pattern)].map((match) => {
    const decoded = (match[1] ?? "").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&");
    return JSON.parse(decoded) as T;
  });
}
