import type { TSchema } from "@sinclair/typebox";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/value";

/** What a person reads under a settings field when its value is refused (the API keeps the key in `field`). */
export function settingErrorMessage(error: ValueError | undefined): string {
  const schema = (error?.schema ?? {}) as TSchema;
  switch (error?.type) {
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1
        ? "This cannot be empty."
        : `Enter at least ${String(schema.minLength)} characters.`;
    case ValueErrorType.StringMaxLength:
      return `Enter at most ${String(schema.maxLength)} characters.`;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `Enter a number of at least ${String(schema.minimum)}.`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `Enter a number of at most ${String(schema.maximum)}.`;
    case ValueErrorType.Integer:
      return "Enter a whole number.";
    case ValueErrorType.Number:
      return "Enter a number.";
    case ValueErrorType.Boolean:
      return "Choose on or off.";
    case ValueErrorType.StringPattern:
    case ValueErrorType.Union:
      return "This value is not one of the allowed ones.";
    default:
      return "This value is not valid.";
  }
}
