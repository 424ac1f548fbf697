// Q&A in this bundle: the widgets' code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("qna", async () => {
  const { registerQnaWidgets } = await import("../qna/registerQnaWidgets");
  registerQnaWidgets();
});
