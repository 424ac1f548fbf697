import type { ButtonHTMLAttributes, Ref } from "react";
import { classNames } from "@library/src/ui/classNames";
import { Loader } from "@library/src/ui/Loader/Loader";
import "./Button.css";

export type ButtonVariant = "primary" | "standard" | "text" | "icon";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** A mutation is in flight: the button is disabled and shows a loader. */
  pending?: boolean;
  compact?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = "standard",
  pending = false,
  compact = false,
  disabled,
  className,
  children,
  type = "button",
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={classNames(
        "button",
        `button--${variant}`,
        compact && "button--compact",
        pending && "button--pending",
        className,
      )}
    >
      <span className="button-content">{children}</span>
      {pending && <Loader diameter={16} className="button-loader" />}
    </button>
  );
}
