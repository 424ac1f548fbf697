import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import type { LayoutNode, WidgetName, WidgetPropsMap } from "@forum/api/widgetProps";
import { getRegistry } from "@library/src/registry/registryStore";

/** A prop as the component receives it: the layout renderer turns nodes into elements first. */
type RenderedProp<V> = V extends LayoutNode ? ReactNode : V extends readonly LayoutNode[] ? ReactNode[] : V;

/** The props a widget's component receives for the props the page tree gives it (`WidgetPropsMap`). */
export type RenderedWidgetProps<K extends WidgetName> = {
  [P in keyof WidgetPropsMap[K]]: RenderedProp<WidgetPropsMap[K][P]>;
};

/**
 * The component a name may be registered with: a widget of the page tree must take the props the map gives it
 * (so the server's nodes and the client's components cannot drift); other names (title-bar menus, dashboard
 * sections) take any component.
 */
export type RegisteredComponent<N extends string, P extends object> = N extends WidgetName
  ? ComponentType<RenderedWidgetProps<N>>
  : ComponentType<P>;

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * Register a component for `data-react="<name>"` mount points and layouts. Use the component's own name.
 * Prefer `registerLazyComponent`: a component registered here is in the bundle of every page.
 */
export function registerComponent<N extends string, P extends object>(
  name: N,
  component: RegisteredComponent<N, P>,
): void {
  const registry = getRegistry();
  registry.loaders.delete(name);
  registry.components.set(name, component as unknown as AnyComponent);
}

/**
 * THE LAZY WIDGET PATTERN (docs/lazy-widgets.md). Register a widget by a loader instead of its component, so
 * its code (and everything only it imports) is a separate chunk that a page fetches only when it shows the
 * widget:
 *
 *     registerLazyComponent("PostActions", () => import("./PostActions").then((module) => module.PostActions));
 *
 * - Keep the registering file free of value imports of the widget (a static import puts it back in the entry).
 * - A server-rendered page loads the chunks of the widgets it has before mounting them (`loadComponents`); the
 *   single-page app and other callers of `getComponent` get a stand-in that loads it behind `<Suspense>`.
 * - Code a widget needs only after a click (an editor, a picker, a modal) goes behind `React.lazy` or
 *   `import()` inside the widget, so the first view stays small.
 */
export function registerLazyComponent<N extends string, P extends object>(
  name: N,
  load: () => Promise<RegisteredComponent<N, P>>,
): void {
  const registry = getRegistry();
  registry.components.delete(name);
  standIns.delete(name);
  registry.loaders.set(name, load as unknown as () => Promise<AnyComponent>);
}

/** Loads, once per name, the lazily registered components among `names`; registered components are ready as they are. */
export async function loadComponents(names: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(names)].map((name) => loadComponent(name)));
}

/** Every `$reactComponent` name in a page tree (nodes nest in props), to load before the tree renders. */
export function componentNamesIn(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) componentNamesIn(item, names);
  else if (typeof value === "object" && value !== null) {
    const node = value as { $reactComponent?: unknown };
    if (typeof node.$reactComponent === "string") names.add(node.$reactComponent);
    for (const child of Object.values(value)) componentNamesIn(child, names);
  }
  return names;
}

const pending = new Map<string, Promise<AnyComponent | undefined>>();
const standIns = new Map<string, AnyComponent>();

function loadComponent(name: string): Promise<AnyComponent | undefined> {
  const registry = getRegistry();
  const ready = registry.components.get(name);
  if (ready) return Promise.resolve(ready);
  const load = registry.loaders.get(name);
  if (!load) return Promise.resolve(undefined);
  let loading = pending.get(name);
  if (!loading) {
    loading = load().then(
      (component) => {
        // Still the registration this load was for (a later registerComponent wins).
        if (registry.loaders.get(name) === load) {
          registry.loaders.delete(name);
          registry.components.set(name, component);
        }
        pending.delete(name);
        return component;
      },
      (error: unknown) => {
        pending.delete(name);
        throw error;
      },
    );
    pending.set(name, loading);
  }
  return loading;
}

/** A component that loads a lazily registered one behind Suspense (nothing is shown until it arrives). */
function standIn(name: string): AnyComponent {
  let component = standIns.get(name);
  if (!component) {
    const Lazy = lazy(async () => {
      const loaded = await loadComponent(name);
      if (!loaded) throw new Error(`Component "${name}" is not registered.`);
      return { default: loaded };
    });
    component = function LazyWidget(props: Record<string, unknown>) {
      return (
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      );
    };
    standIns.set(name, component);
  }
  return component;
}

/** The component registered under `name`: a lazily registered one not loaded yet comes as a loading stand-in. */
export function getComponent(name: string): AnyComponent | undefined {
  const registry = getRegistry();
  const ready = registry.components.get(name);
  if (ready) return ready;
  return registry.loaders.has(name) ? standIn(name) : undefined;
}
