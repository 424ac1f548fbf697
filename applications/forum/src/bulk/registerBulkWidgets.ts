import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/**
 * A server page's discussion list for moderators (the server mounts it where the viewer manages a listed
 * discussion's category): the list with its bulk selection boxes, the selection toast and the bulk actions.
 */
export function registerBulkWidgets(): void {
  registerLazyComponent("DiscussionListModule", () =>
    import("@applications/forum/src/layouts/DiscussionListModule").then(
      (module) => module.DiscussionListModule,
    ),
  );
}
