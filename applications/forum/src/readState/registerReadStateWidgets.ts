import { registerLazyComponent } from "@library/src/registry/componentRegistry";
import "./readState.css";

/** 'Mark All Read' / 'Mark Category Read' over lists and 'Jump to first unread' over a discussion (lazy chunks). */
export function registerReadStateWidgets(): void {
  registerLazyComponent("MarkReadButton", () =>
    import("./MarkReadButton").then((module) => module.MarkReadButton),
  );
  registerLazyComponent("JumpToUnread", () => import("./JumpToUnread").then((module) => module.JumpToUnread));
}
