import { registerLazyComponent } from "@library/src/registry/componentRegistry";
import { installReplyDisplayLinks } from "./replyDisplayLinks";

let linksInstalled = false;

const widgets = () => import("./threadWidgets");

/**
 * The widgets of threaded replies (one lazy chunk: a threaded page shows them together) and the flat/threaded
 * switch (its own chunk: every discussion page shows it, a flat one none of the thread's parts).
 */
export function registerReplyWidgets(): void {
  registerLazyComponent("CommentReplies", () => widgets().then((module) => module.CommentReplies));
  registerLazyComponent("CommentTombstone", () => widgets().then((module) => module.CommentTombstone));
  registerLazyComponent("ThreadHole", () => widgets().then((module) => module.ThreadHole));
  registerLazyComponent("ThreadToggle", () => widgets().then((module) => module.ThreadToggle));
  registerLazyComponent("ReplyDisplaySwitch", () =>
    import("./ReplyDisplaySwitch").then((module) => module.ReplyDisplaySwitch),
  );
  // Server pages write the switch as links: one listener keeps the choice when one is pressed.
  if (linksInstalled || typeof document === "undefined") return;
  linksInstalled = true;
  installReplyDisplayLinks(document);
}
