import { defineLocaleAddon } from "@library/server/i18n/defineLocaleAddon";

/** Spanish: the product's strings in Spanish (es_ES). */
export const spanishLocaleAddon = defineLocaleAddon("locale-es", {
  localeKey: "es",
  regionalKey: "es_ES",
  direction: "ltr",
  displayNames: {
    en: "Spanish",
    fr: "Espagnol",
    de: "Spanisch",
    es: "Español",
    ja: "スペイン語",
    ar: "الإسبانية",
  },
});
