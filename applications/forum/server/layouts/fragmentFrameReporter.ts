/**
 * The first script of a custom fragment's sandboxed frame (the page's content policy allows no inline script,
 * and a frame's document inherits it): it posts the frame's failures and height to the page. Its frame id is
 * the `data-frame-id` of its script element. Load failures of the fragment's script or stylesheet do not
 * bubble, so they are caught on the window in the capture phase.
 */
export const FRAGMENT_FRAME_REPORTER = `(function () {
  var script = document.currentScript;
  var frameID = script && script.getAttribute("data-frame-id");
  function post(message) { message.frameID = frameID; parent.postMessage(message, "*"); }
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "LINK") post({ type: "styleError" });
    else if (target && target.tagName === "SCRIPT") post({ type: "error", detail: "The fragment script did not load." });
    else post({ type: "error", detail: String(event.message || "error") });
  }, true);
  window.addEventListener("unhandledrejection", function (event) { post({ type: "error", detail: String(event.reason) }); });
  // The content's own height (the document's is never less than the frame's).
  function root() { return document.getElementById("fragment-root") || document.body; }
  function report() { post({ type: "height", height: root().getBoundingClientRect().height }); }
  window.addEventListener("load", function () {
    report();
    if (window.ResizeObserver) new ResizeObserver(report).observe(root());
  });
})();
`;
