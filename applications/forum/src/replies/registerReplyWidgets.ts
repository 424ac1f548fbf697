import { registerLazyComponent } from "@library/src/registry/componentRegistry";

const widgets = () => import("./threadWidgets");

/** The widgets of threaded replies (one lazy chunk): the thread's parts and the flat/threaded switch. */
export function registerReplyWidgets(): void {
  registerLazyComponent("CommentReplies", () => widgets().then((module) => module.CommentReplies));
  registerLazyComponent("CommentTombstone", () => widgets().then((module) => module.CommentTombstone));
  registerLazyComponent("ThreadHole", () => widgets().then((module) => module.ThreadHole));
  registerLazyComponent("ThreadToggle", () => widgets().then((module) => module.ThreadToggle));
  registerLazyComponent("ReplyDisplaySwitch", () => widgets().then((module) => module.ReplyDisplaySwitch));
}
