import { Fragment, type ReactNode } from "react";
import type { LayoutNode } from "@forum/api/layouts";
import { Device, useDevice } from "@library/src/device/device";
import { ErrorBoundary } from "@library/src/registry/ErrorBoundary";
import { getComponent } from "@library/src/registry/componentRegistry";
import { LayoutError } from "@library/src/layouts/LayoutError";

export function isLayoutNode(value: unknown): value is LayoutNode {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { $reactComponent?: unknown }).$reactComponent === "string"
  );
}

function isVisibleOn(node: LayoutNode, device: Device): boolean {
  const visibility = node.$middleware?.visibility?.device ?? "all";
  if (visibility === "all") return true;
  const mobile = device === Device.XS || device === Device.MOBILE;
  return visibility === "mobile" ? mobile : !mobile;
}

/** Registry names are matched case-insensitively (API.md 17). */
function findComponent(name: string) {
  return getComponent(name) ?? getComponent(name.charAt(0).toUpperCase() + name.slice(1));
}

/** Props may hold nodes or node arrays (a section's children): those are rendered first. */
function renderProps(props: object, device: Device): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (isLayoutNode(value)) rendered[key] = <LayoutNodeView node={value} device={device} />;
    else if (Array.isArray(value) && value.some(isLayoutNode)) {
      rendered[key] = value.map((item, index) =>
        isLayoutNode(item) ? <LayoutNodeView key={index} node={item} device={device} /> : null,
      );
    } else rendered[key] = value;
  }
  return rendered;
}

function LayoutNodeView({ node, device }: { node: LayoutNode; device: Device }): ReactNode {
  if (!isVisibleOn(node, device)) return null;
  const Component = findComponent(node.$reactComponent);
  if (!Component) {
    console.error(`The layout names "${node.$reactComponent}", which is not in the component registry.`);
    return <LayoutError componentName={node.$reactComponent} />;
  }
  return (
    <ErrorBoundary
      name={node.$reactComponent}
      fallback={() => <LayoutError componentName={node.$reactComponent} />}
    >
      <Component {...renderProps(node.$reactProps, device)} />
    </ErrorBoundary>
  );
}

/** Renders layout nodes through the component registry, honouring device visibility (SPEC 4 layouts). */
export function LayoutRenderer({ nodes }: { nodes: LayoutNode[] }) {
  const device = useDevice();
  return (
    <>
      {nodes.map((node, index) => (
        <Fragment key={index}>
          <LayoutNodeView node={node} device={device} />
        </Fragment>
      ))}
    </>
  );
}
