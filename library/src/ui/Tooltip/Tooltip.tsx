import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import "./Tooltip.css";

export const TOOLTIP_REST_MS = 100;
export const TOOLTIP_LEAVE_MS = 500;

/** SPEC 4 tooltip states. */
export type TooltipState = "idle" | "focused" | "visible" | "leavingVisible" | "dismissed";

type TriggerProps = {
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseMove?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onMouseDown?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  "aria-describedby"?: string;
};

export interface TooltipProps {
  label: ReactNode;
  /** One focusable element (a button or link) that the tooltip describes. */
  children: ReactElement<TriggerProps>;
}

/**
 * Hover or focus: idle → focused; after a 100 ms rest: visible; leaving: leaving-visible, back to idle after
 * 500 ms (re-entering keeps it shown); mouse down, Escape, Enter or Space dismiss until the pointer/focus leaves.
 */
export function Tooltip({ label, children }: TooltipProps) {
  const [state, setState] = useState<TooltipState>("idle");
  const id = useId();
  const timer = useRef<number | null>(null);

  const clear = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  const later = (ms: number, next: TooltipState) => {
    clear();
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setState(next);
    }, ms);
  };
  useEffect(() => clear, []);

  const enter = () => {
    if (state === "visible" || state === "leavingVisible") {
      clear();
      setState("visible");
    } else if (state === "idle") {
      setState("focused");
      later(TOOLTIP_REST_MS, "visible");
    }
  };
  const rest = () => {
    if (state === "focused") later(TOOLTIP_REST_MS, "visible");
  };
  const leave = () => {
    if (state === "visible") {
      setState("leavingVisible");
      later(TOOLTIP_LEAVE_MS, "idle");
    } else {
      clear();
      setState("idle");
    }
  };
  const dismiss = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setState("dismissed");
  }, []);

  const shown = state === "visible" || state === "leavingVisible";
  const props = children.props;
  const trigger = cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      props.onMouseEnter?.(event);
      enter();
    },
    onMouseMove: (event: MouseEvent) => {
      props.onMouseMove?.(event);
      rest();
    },
    onMouseLeave: (event: MouseEvent) => {
      props.onMouseLeave?.(event);
      leave();
    },
    onMouseDown: (event: MouseEvent) => {
      props.onMouseDown?.(event);
      dismiss();
    },
    onFocus: (event: FocusEvent) => {
      props.onFocus?.(event);
      enter();
    },
    onBlur: (event: FocusEvent) => {
      props.onBlur?.(event);
      leave();
    },
    onKeyDown: (event: KeyboardEvent) => {
      props.onKeyDown?.(event);
      if (event.key === "Escape" || event.key === "Enter" || event.key === " ") dismiss();
    },
    "aria-describedby": shown
      ? [props["aria-describedby"], id].filter(Boolean).join(" ")
      : props["aria-describedby"],
  });

  return (
    <span className="tooltip-anchor" data-tooltip-state={state}>
      {trigger}
      {shown && (
        <span role="tooltip" id={id} className="tooltip">
          {label}
        </span>
      )}
    </span>
  );
}
