import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common";

/** The source language of every string: English ships with the product and is always enabled. */
export const SOURCE_LOCALE = "en";

/** The cookie that keeps a guest's language in this browser (members keep theirs on their account). */
export const LOCALE_COOKIE = "locale";

const LocaleKey = Type.String({
  minLength: 2,
  maxLength: 20,
  pattern: "^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$",
});

/** API.md 22: a language the site is offered in. */
export const LocaleSchema = Type.Object({
  localeID: Type.String(),
  localeKey: Type.String(),
  regionalKey: Type.String(),
  /** The locale's name in each enabled language, keyed by locale key (`{fr: "Français", en: "French"}`). */
  displayNames: Type.Record(Type.String(), Type.String()),
  translatable: Type.Optional(Type.Boolean()),
  translationService: Type.Optional(Nullable(Type.String())),
});
export type Locale = Static<typeof LocaleSchema>;

export const LocaleParamsSchema = Type.Object({ localeID: Type.String({ minLength: 1, maxLength: 40 }) });

export const LocalePatchBodySchema = Type.Object(
  {
    translationService: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
    translatable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LocalePatchBody = Static<typeof LocalePatchBodySchema>;

/** `GET /locales/translations/{locale}`: the UI strings `{English: translation}`. */
export const LocaleTranslationsParamsSchema = Type.Object({ locale: LocaleKey });
export const LocaleTranslationsQuerySchema = Type.Object({
  etag: Type.Optional(Type.String({ maxLength: 100 })),
});
export const LocaleTranslationsSchema = Type.Record(Type.String(), Type.String());
export type LocaleTranslations = Static<typeof LocaleTranslationsSchema>;

/** `GET/PUT /locales/current`: the reader's language (a member's stored choice, a guest's cookie, else the site's). */
export const CurrentLocaleSchema = Type.Object({ locale: LocaleKey });
export type CurrentLocale = Static<typeof CurrentLocaleSchema>;
