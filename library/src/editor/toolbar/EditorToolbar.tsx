import { useRef, useState, type KeyboardEvent } from "react";
import { Editor, Transforms } from "slate";
import { ReactEditor, useSlate } from "slate-react";
import { toolbarItems, type ToolbarActions } from "@library/src/editor/toolbar/toolbarItems";

export interface EditorToolbarProps extends ToolbarActions {
  label: string;
}

/** One tab stop: arrow keys, Home and End move between the buttons (roving tabindex). */
export function EditorToolbar({ label, openLink, openImage, openUpload }: EditorToolbarProps) {
  const editor = useSlate();
  const items = toolbarItems(openUpload !== undefined);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const moveFocus = (index: number) => {
    const next = (index + items.length) % items.length;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveFocus(target);
  };

  return (
    <div role="toolbar" aria-label={label} className="richEditor-toolbar" onKeyDown={onKeyDown}>
      {items.map((item, index) => (
        <button
          key={item.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          className="richEditor-toolbarButton"
          tabIndex={index === focusIndex ? 0 : -1}
          aria-label={item.label}
          title={item.shortcut ? `${item.label} (${item.shortcut})` : item.label}
          aria-pressed={item.isActive ? item.isActive(editor) : undefined}
          aria-haspopup={item.opensForm ? "dialog" : undefined}
          onFocus={() => setFocusIndex(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
            item.run(editor, { openLink, openImage, ...(openUpload ? { openUpload } : {}) });
            if (!item.opensForm) ReactEditor.focus(editor);
          }}
        >
          {item.icon}
        </button>
      ))}
    </div>
  );
}
