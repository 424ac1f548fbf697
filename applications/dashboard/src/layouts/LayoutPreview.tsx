import { useEffect, useId, useState } from "react";
import type { EditableViewType } from "@forum/api/layoutWidgetOptions";
import type { HydratedLayout, LayoutNode } from "@forum/api/layouts";
import type { SectionSpec } from "@forum/api/storedLayouts";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { hydrateLayout } from "./layoutsApi";

/** How long the editor rests before the preview asks again. */
export const PREVIEW_DELAY_MS = 300;

/** Where the page's own content goes (a discussion, a list): the preview is of no one page. */
function PageContentPlaceholder() {
  return <div className="layoutPreview-pageContent">{t("Page content")}</div>;
}
registerComponent("PageContentPlaceholder", PageContentPlaceholder);

/** A fragment widget with no fragment chosen yet is left out of the preview rather than refused. */
function previewable(sections: readonly SectionSpec[]): SectionSpec[] {
  return sections.map((section) => ({
    ...section,
    columns: section.columns.map((column) =>
      column.filter((widget) => widget.widget !== "fragment" || widget.fragmentUUID !== ""),
    ),
  }));
}

/**
 * The layout as it stands in the editor, drawn with the forum's widgets and the site's data (`POST
 * /layouts/hydrate`, the hydration pages use), redrawn a moment after each change; nothing is saved.
 */
export function LayoutPreview({
  viewType,
  sections,
}: {
  viewType: EditableViewType;
  sections: SectionSpec[];
}) {
  const id = useId();
  const [nodes, setNodes] = useState<LayoutNode[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(sections);

  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(() => {
      hydrateLayout({ layoutViewType: viewType, layout: previewable(JSON.parse(key) as SectionSpec[]) })
        .then((layout: HydratedLayout) => {
          if (!current) return;
          setNodes(layout.layout);
          setError(null);
        })
        .catch((caught: unknown) => {
          if (current) setError(toApiError(caught).message);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [viewType, key]);

  return (
    <section className="layoutPreview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="layoutPreview-title">
        {t("Preview")}
      </h3>
      {error ? (
        <p className="layoutEditor-errors" role="alert">
          {error}
        </p>
      ) : null}
      <div className="layoutPreview-page" aria-busy={nodes === null}>
        {nodes ? <LayoutRenderer nodes={nodes} /> : null}
      </div>
    </section>
  );
}
