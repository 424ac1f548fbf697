import { defineLocaleAddon } from "@library/server/i18n/defineLocaleAddon";

/** Arabic: the product's strings in Arabic (ar_SA), read right to left. */
export const arabicLocaleAddon = defineLocaleAddon("locale-ar", {
  localeKey: "ar",
  regionalKey: "ar_SA",
  direction: "rtl",
  displayNames: { en: "Arabic", fr: "Arabe", de: "Arabisch", es: "Árabe", ja: "アラビア語", ar: "العربية" },
});
