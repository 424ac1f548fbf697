import {
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from "react";
import { Editor, Transforms, type BaseRange, type Descendant } from "slate";
import { Editable, ReactEditor, Slate } from "slate-react";
import type { Rich2Document, Rich2Quote } from "@forum/api/rich2";
import { t } from "@library/src/i18n/translate";
import { documentToEditor, editorToDocument } from "@library/src/editor/documentConvert";
import { handleHotkey } from "@library/src/editor/editorHotkeys";
import { EditorElement } from "@library/src/editor/elements/EditorElement";
import { EditorLeaf } from "@library/src/editor/elements/EditorLeaf";
import { MentionList } from "@library/src/editor/mentions/MentionList";
import { useMentionSuggestions } from "@library/src/editor/mentions/useMentionSuggestions";
import { createRichEditor } from "@library/src/editor/plugins/withRich2";
import { emptyDocument } from "@library/src/editor/serialize";
import { EditorToolbar } from "@library/src/editor/toolbar/EditorToolbar";
import { ImageForm } from "@library/src/editor/toolbar/ImageForm";
import { LinkForm } from "@library/src/editor/toolbar/LinkForm";
import { clearEditor, insertImage, insertMention, insertQuote } from "@library/src/editor/transforms/inserts";
import { activeLink, removeLink, upsertLink } from "@library/src/editor/transforms/links";
import "./Editor.css";

export interface RichEditorHandle {
  insertQuote: (quote: Rich2Quote) => void;
  focus: () => void;
  clear: () => void;
  insertMention: (name: string, userID?: number) => void;
}

export interface RichEditorProps {
  /** The initial document (later changes of this prop are not applied; use the handle). */
  value?: Rich2Document;
  onChange: (doc: Rich2Document) => void;
  /** Accessible name of the text area. */
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  editorRef?: Ref<RichEditorHandle>;
}

type Panel =
  | { kind: "link"; selection: BaseRange | null; url: string; editing: boolean }
  | { kind: "image"; selection: BaseRange | null };

function focusEditor(editor: Editor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  ReactEditor.focus(editor);
}

/** Where the suggestion list goes: under the typed "@name" (when the browser can measure it). */
function listPosition(
  editor: Editor,
  range: BaseRange | undefined,
  container: HTMLElement | null,
): CSSProperties {
  if (!range || !container) return {};
  try {
    const domRange = ReactEditor.toDOMRange(editor, range);
    if (typeof domRange.getBoundingClientRect !== "function") return {};
    const rect = domRange.getBoundingClientRect();
    const box = container.getBoundingClientRect();
    return { top: rect.bottom - box.top + 4, left: rect.left - box.left };
  } catch {
    return {};
  }
}

/** The rich2 editor: toolbar, editable area, link/image forms and @mention suggestions. */
export function RichEditor({ value, onChange, label, placeholder, autoFocus, editorRef }: RichEditorProps) {
  const editor = useMemo(() => createRichEditor(), []);
  const [initialValue] = useState<Descendant[]>(() => documentToEditor(value ?? emptyDocument()));
  const [panel, setPanel] = useState<Panel | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const mentions = useMentionSuggestions(editor);

  useImperativeHandle(
    editorRef,
    () => ({
      insertQuote: (quote) => insertQuote(editor, quote),
      focus: () => focusEditor(editor),
      clear: () => clearEditor(editor),
      insertMention: (name, userID) => insertMention(editor, name, userID),
    }),
    [editor],
  );

  const openLink = useCallback(() => {
    const link = activeLink(editor);
    setPanel({
      kind: "link",
      selection: editor.selection,
      url: link?.[0].url ?? "",
      editing: link !== undefined,
    });
  }, [editor]);
  const openImage = useCallback(() => setPanel({ kind: "image", selection: editor.selection }), [editor]);

  const closePanel = (apply?: (selection: BaseRange | null) => void) => {
    if (panel && apply) {
      if (panel.selection) Transforms.select(editor, panel.selection);
      apply(panel.selection);
    }
    setPanel(null);
    focusEditor(editor);
  };

  const handleChange = (nodes: Descendant[]) => {
    mentions.update();
    if (editor.operations.some((operation) => operation.type !== "set_selection"))
      onChange(editorToDocument(nodes));
  };

  const activeOption = mentions.open ? mentions.optionID(mentions.activeIndex) : undefined;

  return (
    <div className="richEditor">
      <Slate editor={editor} initialValue={initialValue} onChange={handleChange}>
        <EditorToolbar label={t("Text formatting")} openLink={openLink} openImage={openImage} />
        {panel?.kind === "link" && (
          <LinkForm
            initialUrl={panel.url}
            onSubmit={(url) => closePanel((selection) => upsertLink(editor, url, selection))}
            onRemove={
              panel.editing ? () => closePanel((selection) => removeLink(editor, selection)) : undefined
            }
            onCancel={() => closePanel()}
          />
        )}
        {panel?.kind === "image" && (
          <ImageForm
            onSubmit={(url, alt) => closePanel(() => insertImage(editor, url, alt))}
            onCancel={() => closePanel()}
          />
        )}
        <div className="richEditor-body" ref={body}>
          <Editable
            className="richEditor-content"
            aria-label={label}
            aria-multiline
            aria-autocomplete="list"
            aria-controls={mentions.open ? mentions.listID : undefined}
            aria-activedescendant={activeOption}
            placeholder={placeholder}
            autoFocus={autoFocus}
            renderElement={EditorElement}
            renderLeaf={EditorLeaf}
            onKeyDown={(event) => {
              if (mentions.onKeyDown(event)) return;
              handleHotkey(editor, event, { openLink });
            }}
          />
          {mentions.open && (
            <MentionList
              id={mentions.listID}
              items={mentions.items}
              activeIndex={mentions.activeIndex}
              optionID={mentions.optionID}
              onPick={mentions.pick}
              onHover={mentions.setActiveIndex}
              style={listPosition(editor, mentions.query?.range, body.current)}
            />
          )}
        </div>
      </Slate>
    </div>
  );
}

export default RichEditor;
