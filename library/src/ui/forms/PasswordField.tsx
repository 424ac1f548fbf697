import { useState } from "react";
import { t } from "@library/src/i18n/translate";
import { InputField, type InputFieldProps } from "@library/src/ui/forms/InputField";

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<InputFieldProps, "type" | "after">) {
  const [shown, setShown] = useState(false);
  return (
    <InputField
      autoComplete="current-password"
      {...props}
      type={shown ? "text" : "password"}
      after={
        <button
          type="button"
          className="inputField-toggle"
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? t("Hide Password") : t("Show Password")}
        </button>
      }
    />
  );
}
