import { SearchBox } from "./SearchBox";

/** The title bar's open search box (SPEC 2 "Title bar"): autocomplete, Clear Search and Cancel. */
export function TitleBarSearchBox({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  return <SearchBox variant="titleBar" autoFocus onCancel={onClose} />;
}
