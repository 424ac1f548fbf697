import { lazy, Suspense } from "react";
import type { ComposerProps } from "@library/src/editor/Composer";
import { Loader } from "@library/src/ui/Loader/Loader";

// The editor (Slate and its plugins) is split out so it never lands in the first-view bundle.
const Composer = lazy(() => import("@library/src/editor/Composer"));

/** The rich-text Composer, loaded on first render with a Loader in its place meanwhile. */
export function LazyComposer(props: ComposerProps) {
  return (
    <Suspense fallback={<Loader className="conversationComposer-loader" />}>
      <Composer {...props} />
    </Suspense>
  );
}
