// Conversations in this bundle: only when the add-on is enabled does the page fetch the widgets (the title bar's
// Messages dropdown and panel, the message pages' forms), before any widget mounts.
import { registerAddonEntry } from "@library/src/registry/addonEntries";
import "../conversations/conversationPages.css";

registerAddonEntry("conversations", async () => {
  const { registerConversationWidgets } = await import("../conversations/registerConversationWidgets");
  registerConversationWidgets();
});
