import { registerComponent } from "@library/src/registry/componentRegistry";
import { JumpToUnread } from "./JumpToUnread";
import { MarkReadButton } from "./MarkReadButton";
import "./readState.css";

/** 'Mark All Read' / 'Mark Category Read' over lists and 'Jump to first unread' over a discussion. */
export function registerReadStateWidgets(): void {
  registerComponent("MarkReadButton", MarkReadButton);
  registerComponent("JumpToUnread", JumpToUnread);
}
