import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { classNames } from "@library/src/ui/classNames";
import "./Tabs.css";

export interface TabItem {
  label: ReactNode;
  panel: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Accessible name for the tab list. */
  label: string;
  tabs: TabItem[];
  defaultIndex?: number;
  onChange?: (index: number) => void;
  className?: string;
}

/** WAI-ARIA tabs: arrows, Home and End move and select; only the selected tab is in the tab order. */
export function Tabs({ label, tabs, defaultIndex = 0, onChange, className }: TabsProps) {
  const [selected, setSelected] = useState(defaultIndex);
  const id = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number) => {
    setSelected(index);
    onChange?.(index);
    tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const enabled = tabs.map((tab, index) => (tab.disabled ? -1 : index)).filter((index) => index >= 0);
    const position = enabled.indexOf(selected);
    let next: number | undefined;
    if (event.key === "ArrowRight") next = enabled[(position + 1) % enabled.length];
    else if (event.key === "ArrowLeft") next = enabled[(position - 1 + enabled.length) % enabled.length];
    else if (event.key === "Home") next = enabled[0];
    else if (event.key === "End") next = enabled[enabled.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={classNames("tabs", className)}>
      <div role="tablist" aria-label={label} className="tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={index}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            disabled={tab.disabled}
            className={classNames("tabs-tab", index === selected && "tabs-tab--selected")}
            onClick={() => select(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
          tabIndex={0}
          className="tabs-panel"
        >
          {index === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}
