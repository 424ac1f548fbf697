import type { ReactNode } from "react";
import type { ValidationErrorItem } from "@forum/api/common";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import "./forms.css";

export type FieldErrors = ReadonlyArray<ValidationErrorItem | string> | undefined;

export function errorMessages(errors: FieldErrors): string[] {
  return (errors ?? []).map((error) => (typeof error === "string" ? error : error.message));
}

/** The id of the error list for an input, for aria-describedby. */
export function errorListID(inputID: string): string {
  return `${inputID}-errors`;
}

/** ARIA props an input inside a FormGroup needs. */
export function fieldAriaProps(inputID: string, errors: FieldErrors, describedBy?: string) {
  const hasErrors = errorMessages(errors).length > 0;
  const ids = [describedBy, hasErrors ? errorListID(inputID) : undefined].filter(Boolean).join(" ");
  return {
    "aria-invalid": hasErrors || undefined,
    ...(ids ? { "aria-describedby": ids } : {}),
  } as const;
}

export interface FormGroupProps {
  label: ReactNode;
  inputID: string;
  required?: boolean;
  /** Errors listed under the field (SPEC 5). */
  errors?: FieldErrors;
  description?: ReactNode;
  descriptionID?: string;
  className?: string;
  children: ReactNode;
}

/** Label (with a required asterisk), the field, and its errors listed underneath. */
export function FormGroup({
  label,
  inputID,
  required,
  errors,
  description,
  descriptionID,
  className,
  children,
}: FormGroupProps) {
  const messages = errorMessages(errors);
  return (
    <div className={classNames("formGroup", messages.length > 0 && "formGroup--hasError", className)}>
      <label className="formGroup-label" htmlFor={inputID}>
        {label}
        {required && (
          <span className="formGroup-required" aria-hidden="true" title={t("Required")}>
            {" *"}
          </span>
        )}
      </label>
      {description && (
        <p className="formGroup-description" id={descriptionID}>
          {description}
        </p>
      )}
      {children}
      {messages.length > 0 && (
        <ul className="formGroup-errors" id={errorListID(inputID)} role="alert">
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
