// Plain values of the translations contract (no TypeBox): the client imports them.

/** The resource the site's own content (categories, navigation, layouts) is translated under. */
export const CONTENT_TRANSLATION_RESOURCE = "forum";

/** `"{recordType}.{recordID|recordKey}.{propertyName}"` (API.md 23). */
export function translationPropertyKey(item: {
  recordType: string;
  recordID?: number;
  recordKey?: string;
  propertyName: string;
}): string {
  return `${item.recordType}.${item.recordID ?? item.recordKey ?? ""}.${item.propertyName}`;
}
