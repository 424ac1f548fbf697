import { createEditor, type Editor } from "slate";
import { withHistory } from "slate-history";
import { withReact } from "slate-react";
import { withBreaks } from "@library/src/editor/plugins/withBreaks";
import { withMarkdown } from "@library/src/editor/plugins/withMarkdown";
import { withNormalize } from "@library/src/editor/plugins/withNormalize";
import { withPaste } from "@library/src/editor/plugins/withPaste";
import { withSchema } from "@library/src/editor/plugins/withSchema";

/** Every rich2 behaviour on top of an editor: schema, normalisation, Enter/Backspace, markdown, paste. */
export function withRich2(editor: Editor): Editor {
  return withPaste(withMarkdown(withBreaks(withNormalize(withSchema(editor)))));
}

/** The editor the component uses: React and history underneath the rich2 plugins. */
export function createRichEditor(): Editor {
  return withRich2(withHistory(withReact(createEditor())));
}
