import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";
import { getComponent, loadComponents } from "@library/src/registry/componentRegistry";
import { ErrorBoundary } from "@library/src/registry/ErrorBoundary";
import { getStore } from "@library/src/redux/store";

const mounted = new WeakSet<Element>();

function loadFailureMessage(name: string): string {
  return formatText(t('There was a problem loading "{component}"'), { component: name });
}

function showFailure(element: HTMLElement, name: string): void {
  if (!getBootstrap().debug) return;
  const message = document.createElement("div");
  message.className = "componentError";
  message.setAttribute("role", "alert");
  message.textContent = loadFailureMessage(name);
  element.replaceChildren(message);
}

function parseProps(element: HTMLElement): Record<string, unknown> {
  const text = element.dataset.props;
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error("data-props must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

function unhide(element: HTMLElement): void {
  if (!("unhide" in element.dataset)) return;
  element.removeAttribute("hidden");
  element.classList.remove("hidden");
  if (element.style.display === "none") element.style.removeProperty("display");
}

/** The names of the widgets under `root` that are not mounted yet. */
function unmountedWidgetNames(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll<HTMLElement>("[data-react]"))
    .filter((element) => !mounted.has(element))
    .map((element) => element.dataset.react ?? "");
}

/**
 * Fetches the code of the lazily registered widgets under `root` (all at once), then mounts every widget there:
 * each appears with its content, no loading stand-in. A chunk that fails to load leaves its widgets to the
 * stand-in, which tries again.
 */
export async function loadAndMountLegacyWidgets(root: ParentNode = document): Promise<number> {
  try {
    await loadComponents(unmountedWidgetNames(root));
  } catch (error) {
    console.error("Could not load the page's widgets", error);
  }
  return mountLegacyWidgets(root);
}

/**
 * Mount every registered component marked `data-react="<Name>"` (props from `data-props` JSON) under `root`,
 * inside the shared store's Provider. A bad element is logged and skipped; the others still mount. Each element
 * mounts once, so calling this again after new HTML arrives is safe. Returns how many mounted.
 */
export function mountLegacyWidgets(root: ParentNode = document): number {
  let count = 0;
  for (const element of Array.from(root.querySelectorAll<HTMLElement>("[data-react]"))) {
    if (mounted.has(element)) continue;
    mounted.add(element);
    const name = element.dataset.react ?? "";
    try {
      const Component = getComponent(name);
      if (!Component) throw new Error(`Component "${name}" is not registered.`);
      const props = parseProps(element);
      createRoot(element).render(
        <Provider store={getStore()}>
          <ErrorBoundary
            name={name}
            fallback={() =>
              getBootstrap().debug ? (
                <div className="componentError" role="alert">
                  {loadFailureMessage(name)}
                </div>
              ) : null
            }
          >
            <Component {...props} />
          </ErrorBoundary>
        </Provider>,
      );
      unhide(element);
      count++;
    } catch (error) {
      console.error(`Could not mount "${name}"`, error);
      showFailure(element, name);
    }
  }
  return count;
}
