import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { classNames } from "@library/src/ui/classNames";
import {
  errorListID,
  errorMessages,
  fieldAriaProps,
  type FieldErrors,
} from "@library/src/ui/forms/FormGroup";
import "./forms.css";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: ReactNode;
  errors?: FieldErrors;
  id?: string;
}

export function Checkbox({ label, errors, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputID = id ?? generated;
  const messages = errorMessages(errors);
  return (
    <div className={classNames("checkbox", className)}>
      <label className="checkbox-label" htmlFor={inputID}>
        <input
          type="checkbox"
          {...rest}
          id={inputID}
          className="checkbox-input"
          {...fieldAriaProps(inputID, errors)}
        />
        <span>{label}</span>
      </label>
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
