import type { AppContext } from "../app/appContext";
import { ValidationError } from "../errors/httpErrors";

/**
 * The machine translation services a locale may name (`PATCH /locales/{id}` `translationService`). The
 * translation services feature tells which types it registers; until it does, a type is a lower-case name.
 */
export type TranslationServiceTypes = (context: AppContext) => readonly string[] | Promise<readonly string[]>;

let registeredTypes: TranslationServiceTypes | null = null;

/** Called once by the translation services feature with the types it offers (null: none registered). */
export function provideTranslationServiceTypes(types: TranslationServiceTypes | null): void {
  registeredTypes = types;
}

const TYPE_NAME = /^[a-z][a-z0-9-]{0,49}$/;

/** A 422 on `translationService` when the site offers no service of that type. */
export async function checkTranslationService(context: AppContext, type: string): Promise<void> {
  const known = registeredTypes ? (await registeredTypes(context)).includes(type) : TYPE_NAME.test(type);
  if (known) return;
  throw new ValidationError([
    {
      field: "translationService",
      code: "invalid",
      message: `There is no translation service of type "${type}".`,
    },
  ]);
}
