import { translationPropertyKey } from "@forum/api/translationKeys";

/** SPEC 3 Translation property: one translatable text of a record, as the translator shows it. */
export interface TranslationProperty {
  recordType: string;
  recordID?: number;
  recordKey?: string;
  propertyName: string;
  /** The text as written, in the source locale. */
  sourceText: string;
  propertyType: "text" | "textMultiline";
  propertyValidation?: { maxLength?: number };
  /** What the row is called in the table ("Name", "Description"). */
  label: string;
}

/** The source locale of every text (SPEC 9: default translation locale `en`). */
export const SOURCE_LOCALE = "en";

export function keyOfProperty(property: TranslationProperty): string {
  return translationPropertyKey(property);
}

/** The one record type of a set of properties, or null when they mix types (the translator refuses those). */
export function singleRecordType(properties: readonly TranslationProperty[]): string | null {
  const types = new Set(properties.map((property) => property.recordType));
  const [only] = types;
  return types.size === 1 && only !== undefined ? only : null;
}

export interface TranslationChanges {
  /** Non-empty texts to save. */
  save: { property: TranslationProperty; translation: string }[];
  /** Stored translations cleared in the form. */
  remove: TranslationProperty[];
}

/**
 * What a form's drafts change (SPEC 5): a non-empty text is saved, an emptied stored translation is removed, an
 * empty field that had none changes nothing; an unchanged text is left alone.
 */
export function changesOf(
  properties: readonly TranslationProperty[],
  drafts: Readonly<Record<string, string>>,
  stored: Readonly<Record<string, string>>,
): TranslationChanges {
  const changes: TranslationChanges = { save: [], remove: [] };
  for (const property of properties) {
    const key = keyOfProperty(property);
    const draft = drafts[key];
    if (draft === undefined) continue;
    const text = draft.trim();
    if (text === (stored[key] ?? "")) continue;
    if (text !== "") changes.save.push({ property, translation: text });
    else if (stored[key] !== undefined) changes.remove.push(property);
  }
  return changes;
}

/** The record identity of a property, as the API wants it (an id or a key). */
export function recordOf(property: TranslationProperty): { recordID: number } | { recordKey: string } {
  return property.recordID !== undefined
    ? { recordID: property.recordID }
    : { recordKey: property.recordKey ?? "" };
}
