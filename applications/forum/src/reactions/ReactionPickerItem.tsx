import type { ReactionSummaryItem } from "@forum/api/reactions";
import { t } from "@library/src/i18n/translate";
import { useFlyout } from "@library/src/ui/Flyout/flyoutContext";
import { ReactionIcon } from "./ReactionIcon";

export interface ReactionPickerItemProps {
  item: ReactionSummaryItem;
  disabled: boolean;
  onPick: () => void;
}

/** One type in the 'React' picker: icon and name, checked when it is the viewer's reaction; picking closes the menu. */
export function ReactionPickerItem({ item, disabled, onPick }: ReactionPickerItemProps) {
  const { close } = useFlyout();
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={item.hasReacted}
      className="reactionPicker-item"
      disabled={disabled}
      data-reaction={item.urlcode}
      onClick={() => {
        onPick();
        close();
      }}
    >
      <ReactionIcon urlcode={item.urlcode} />
      <span className="reactionPicker-name">{t(item.name)}</span>
    </button>
  );
}
