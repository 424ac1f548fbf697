/** What a fragment's frame tells the page: its script failed, its stylesheet failed, or its height. */
export type FragmentMessage =
  | { frameID: string; type: "error"; detail: string }
  | { frameID: string; type: "styleError" }
  | { frameID: string; type: "height"; height: number };

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * The document of a fragment's sandboxed frame: the reporter (`/fragments/frame-reporter.js`, which posts load
 * errors, uncaught errors and the content height to the page: the frame's origin is opaque, messages are its
 * only way out), the fragment's stylesheet, a `#fragment-root` to draw into, and the fragment's script. No
 * inline script: the frame inherits the page's content policy.
 */
export function fragmentDocument({
  frameID,
  reporterUrl,
  jsUrl,
  cssUrl,
}: {
  frameID: string;
  reporterUrl: string;
  jsUrl: string;
  cssUrl: string;
}): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<script src="${attribute(reporterUrl)}" data-frame-id="${attribute(frameID)}"></script>
<link rel="stylesheet" href="${attribute(cssUrl)}">
<style>html,body{margin:0;font-family:system-ui,sans-serif;}#fragment-root{display:flow-root;}</style>
</head><body><div id="fragment-root"></div>
<script src="${attribute(jsUrl)}"></script>
</body></html>`;
}
