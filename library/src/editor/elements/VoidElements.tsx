import type { Rich2Image, Rich2Mention } from "@forum/api/rich2";
import { useFocused, useSelected, type RenderElementProps } from "slate-react";

export function ImageElement({
  attributes,
  children,
  element,
}: RenderElementProps & { element: Rich2Image }) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <div {...attributes} className="richEditor-image">
      <div contentEditable={false}>
        <img src={element.url} alt={element.alt ?? ""} data-selected={(selected && focused) || undefined} />
      </div>
      {children}
    </div>
  );
}

export function RuleElement({ attributes, children }: RenderElementProps) {
  const selected = useSelected();
  return (
    <div {...attributes} className="richEditor-rule">
      <div contentEditable={false}>
        <hr data-selected={selected || undefined} />
      </div>
      {children}
    </div>
  );
}

export function MentionChip({
  attributes,
  children,
  element,
}: RenderElementProps & { element: Rich2Mention }) {
  const selected = useSelected();
  return (
    <span
      {...attributes}
      contentEditable={false}
      className="richEditor-mention"
      data-selected={selected || undefined}
      data-user-id={element.userID}
    >
      @{element.name}
      {children}
    </span>
  );
}
