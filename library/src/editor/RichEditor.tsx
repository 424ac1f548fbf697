import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from "react";
import { Editor, Transforms, type BaseRange, type Descendant } from "slate";
import { Editable, ReactEditor, Slate } from "slate-react";
import type { MediaItem } from "@forum/api/media";
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
import {
  clearEditor,
  insertImage,
  insertMention,
  insertQuote,
  insertUploaded,
} from "@library/src/editor/transforms/inserts";
import { UploadProgress } from "@library/src/editor/uploads/UploadProgress";
import { useEditorUploads } from "@library/src/editor/uploads/useEditorUploads";
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
  /** Files pasted, dropped or picked are uploaded (`POST /media`) and inserted (default false). */
  uploads?: boolean;
  /** Told whether files are still on their way (a post sent meanwhile would miss them). */
  onUploadsPending?: (pending: boolean) => void;
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
export function RichEditor({
  value,
  onChange,
  label,
  placeholder,
  autoFocus,
  editorRef,
  uploads: canUpload = false,
  onUploadsPending,
}: RichEditorProps) {
  const startUploads = useRef<(files: File[]) => void>(() => undefined);
  const editor = useMemo(() => {
    const created = createRichEditor();
    const insertPasted = created.insertData;
    // Files in a paste or a drop are uploaded; anything else is pasted as before.
    created.insertData = (data) => {
      const files = Array.from(data.files ?? []);
      if (files.length > 0) startUploads.current(files);
      else insertPasted(data);
    };
    return created;
  }, []);
  const uploads = useEditorUploads(useCallback((item: MediaItem) => insertUploaded(editor, item), [editor]));
  startUploads.current = canUpload ? uploads.start : () => undefined;
  useEffect(() => onUploadsPending?.(uploads.pending), [onUploadsPending, uploads.pending]);
  const filePicker = useRef<HTMLInputElement>(null);
  const imagePicker = useRef<HTMLInputElement>(null);
  /** Files pasted or dropped: uploaded instead of handed to Slate (true tells Slate the event is handled). */
  const filesFrom = (event: { preventDefault: () => void }, data: DataTransfer | null): boolean => {
    const files = Array.from(data?.files ?? []);
    if (!canUpload || files.length === 0) return false;
    event.preventDefault();
    uploads.start(files);
    return true;
  };
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
        <EditorToolbar
          label={t("Text formatting")}
          openLink={openLink}
          openImage={openImage}
          {...(canUpload ? { openUpload: () => filePicker.current?.click() } : {})}
        />
        {canUpload && (
          <input
            ref={filePicker}
            type="file"
            multiple
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="richEditor-filePicker"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = "";
              if (files.length > 0) uploads.start(files);
            }}
          />
        )}
        {canUpload && (
          <input
            ref={imagePicker}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="richEditor-imagePicker"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = "";
              if (files.length === 0) return;
              // The popover has done its part: back to where the caret was, where the image will go; the upload
              // shows its progress meanwhile.
              closePanel(() => undefined);
              uploads.start(files);
            }}
          />
        )}
        <UploadProgress uploads={uploads.uploads} onDismiss={uploads.dismiss} />
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
            {...(canUpload ? { onChooseFile: () => imagePicker.current?.click() } : {})}
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
            onPaste={(event) => filesFrom(event, event.clipboardData)}
            onDrop={(event) => filesFrom(event, event.dataTransfer)}
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
