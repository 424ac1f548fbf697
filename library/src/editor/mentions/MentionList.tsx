import type { CSSProperties } from "react";
import { t } from "@library/src/i18n/translate";
import type { MentionSuggestion } from "@library/src/editor/mentions/mentionsApi";

export interface MentionListProps {
  id: string;
  items: MentionSuggestion[];
  activeIndex: number;
  optionID: (index: number) => string;
  onPick: (index: number) => void;
  onHover: (index: number) => void;
  style?: CSSProperties;
}

/** The suggestion listbox; focus stays in the editor, which points at the active option. */
export function MentionList({ id, items, activeIndex, optionID, onPick, onHover, style }: MentionListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t("Mention suggestions")}
      className="richEditor-mentionList"
      style={style}
    >
      {items.map((user, index) => (
        <li
          key={user.userID}
          id={optionID(index)}
          role="option"
          aria-selected={index === activeIndex}
          className="richEditor-mentionOption"
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(index);
          }}
          onMouseEnter={() => onHover(index)}
        >
          {user.photoUrl ? (
            <img className="richEditor-mentionPhoto" src={user.photoUrl} alt="" width={20} height={20} />
          ) : (
            <span className="richEditor-mentionPhoto" aria-hidden="true">
              {user.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span>{user.name}</span>
        </li>
      ))}
    </ul>
  );
}
