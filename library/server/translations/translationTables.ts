/** A translated property of a record in one locale (API.md 23); created by the core migrations. */
export interface TranslationTable {
  resource: string;
  translationPropertyKey: string;
  locale: string;
  recordType: string;
  recordID: number | null;
  recordKey: string | null;
  propertyName: string;
  propertyType: string | null;
  translation: string;
  dateUpdated: string;
}

/** A machine translation service's stored configuration (API.md 22): JSON, secrets included. */
export interface TranslationServiceConfigTable {
  type: string;
  config: string;
  isDefault: number;
  dateUpdated: string;
}

declare module "@library/server/db/database" {
  interface Database {
    translations: TranslationTable;
    translationServiceConfigs: TranslationServiceConfigTable;
  }
}
