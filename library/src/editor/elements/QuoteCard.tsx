import { Transforms } from "slate";
import { ReactEditor, useSelected, useSlateStatic, type RenderElementProps } from "slate-react";
import { formatText, t } from "@library/src/i18n/translate";
import type { EditorQuote } from "@library/src/editor/editorTypes";
import { documentToPlainText } from "@library/src/editor/serialize";
import { CloseIcon } from "@library/src/editor/toolbar/toolbarIcons";

interface QuoteCardProps extends RenderElementProps {
  element: EditorQuote;
}

/** A quoted post: read-only, with its author, and a button that removes it. */
export function QuoteCard({ attributes, children, element }: QuoteCardProps) {
  const editor = useSlateStatic();
  const selected = useSelected();
  const remove = () => {
    Transforms.removeNodes(editor, { at: ReactEditor.findPath(editor, element) });
    ReactEditor.focus(editor);
  };
  const excerpt = documentToPlainText(element.quoted);
  return (
    <div {...attributes} className="richEditor-quoteCard" data-selected={selected || undefined}>
      <div contentEditable={false} className="richEditor-quoteCard-body">
        <div className="richEditor-quoteCard-header">
          <span className="richEditor-quoteCard-author">
            {formatText(t("{name} wrote:"), { name: element.author.name })}
          </span>
          <button
            type="button"
            className="richEditor-iconButton"
            aria-label={t("Remove quote")}
            title={t("Remove quote")}
            onClick={remove}
          >
            <CloseIcon />
          </button>
        </div>
        <blockquote className="richEditor-quoteCard-text">{excerpt}</blockquote>
      </div>
      {children}
    </div>
  );
}
