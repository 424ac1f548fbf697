import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { classNames } from "@library/src/ui/classNames";
import { FormGroup, fieldAriaProps, type FieldErrors } from "@library/src/ui/forms/FormGroup";

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  errors?: FieldErrors;
  description?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Something rendered after the input inside its frame (e.g. a show-password button). */
  after?: ReactNode;
}

export function InputField({
  label,
  errors,
  description,
  id,
  required,
  className,
  after,
  ref,
  ...rest
}: InputFieldProps) {
  const generated = useId();
  const inputID = id ?? generated;
  const descriptionID = description ? `${inputID}-description` : undefined;
  return (
    <FormGroup
      label={label}
      inputID={inputID}
      required={required}
      errors={errors}
      description={description}
      descriptionID={descriptionID}
      className={classNames("inputField", className)}
    >
      <div className="inputField-frame">
        <input
          type="text"
          {...rest}
          ref={ref}
          id={inputID}
          required={required}
          className="input"
          {...fieldAriaProps(inputID, errors, descriptionID)}
        />
        {after}
      </div>
    </FormGroup>
  );
}
