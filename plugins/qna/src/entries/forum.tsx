// Q&A in this bundle: the widgets' code is fetched only while the add-on is enabled. The list filter's styles
// come with the bundle: the server writes that filter without script.
import { registerAddonEntry } from "@library/src/registry/addonEntries";
import "../qna/qnaFilter.css";

registerAddonEntry("qna", async () => {
  const { registerQnaWidgets } = await import("../qna/registerQnaWidgets");
  registerQnaWidgets();
});
