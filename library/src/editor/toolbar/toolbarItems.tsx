import type { ReactNode } from "react";
import type { Editor } from "slate";
import { t } from "@library/src/i18n/translate";
import type { MarkName, ToggleBlockType } from "@library/src/editor/editorTypes";
import { isBlockActive, toggleBlock } from "@library/src/editor/transforms/blocks";
import { activeLink } from "@library/src/editor/transforms/links";
import { isMarkActive, toggleMark } from "@library/src/editor/transforms/marks";
import {
  BlockquoteIcon,
  BoldIcon,
  BulletListIcon,
  CodeBlockIcon,
  HeadingIcon,
  ImageIcon,
  InlineCodeIcon,
  ItalicIcon,
  AttachIcon,
  LinkIcon,
  NumberedListIcon,
  SpoilerIcon,
  StrikeIcon,
} from "@library/src/editor/toolbar/toolbarIcons";

export interface ToolbarActions {
  openLink: () => void;
  openImage: () => void;
  /** Opens the file picker (absent: no uploads in this editor). */
  openUpload?: () => void;
}

export interface ToolbarItem {
  id: string;
  label: string;
  shortcut?: string;
  icon: ReactNode;
  /** undefined: an action button without a pressed state. */
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor, actions: ToolbarActions) => void;
  /** Opens a form instead of changing the document directly. */
  opensForm?: boolean;
}

function markItem(id: MarkName, label: string, shortcut: string, icon: ReactNode): ToolbarItem {
  return {
    id,
    label,
    shortcut,
    icon,
    isActive: (editor) => isMarkActive(editor, id),
    run: (editor) => toggleMark(editor, id),
  };
}

function blockItem(id: ToggleBlockType, label: string, icon: ReactNode): ToolbarItem {
  return {
    id,
    label,
    icon,
    isActive: (editor) => isBlockActive(editor, id),
    run: (editor) => toggleBlock(editor, id),
  };
}

/** The toolbar, left to right. Built per render so labels follow the loaded translations. */
export function toolbarItems(canUpload = false): ToolbarItem[] {
  const upload: ToolbarItem[] = canUpload
    ? [
        {
          id: "upload",
          label: t("Upload File"),
          icon: <AttachIcon />,
          run: (_editor, actions) => actions.openUpload?.(),
          opensForm: true,
        },
      ]
    : [];
  return [
    markItem("bold", t("Bold"), "Ctrl+B", <BoldIcon />),
    markItem("italic", t("Italic"), "Ctrl+I", <ItalicIcon />),
    markItem("strikethrough", t("Strikethrough"), "Ctrl+Shift+X", <StrikeIcon />),
    markItem("code", t("Inline code"), "Ctrl+E", <InlineCodeIcon />),
    {
      id: "link",
      label: t("Link"),
      shortcut: "Ctrl+K",
      icon: <LinkIcon />,
      isActive: (editor) => activeLink(editor) !== undefined,
      run: (_editor, actions) => actions.openLink(),
      opensForm: true,
    },
    blockItem("h2", t("Heading"), <HeadingIcon level={2} />),
    blockItem("h3", t("Subheading"), <HeadingIcon level={3} />),
    blockItem("ul", t("Bulleted list"), <BulletListIcon />),
    blockItem("ol", t("Numbered list"), <NumberedListIcon />),
    blockItem("blockquote", t("Quote"), <BlockquoteIcon />),
    blockItem("code_block", t("Code block"), <CodeBlockIcon />),
    blockItem("spoiler", t("Spoiler"), <SpoilerIcon />),
    {
      id: "image",
      label: t("Image"),
      icon: <ImageIcon />,
      run: (_editor, actions) => actions.openImage(),
      opensForm: true,
    },
    ...upload,
  ];
}
