/** Site-relative paths the layout widgets link to that library/src/routing/paths.ts does not build yet. */
export function newDiscussionPath(categoryID?: number): string {
  return categoryID === undefined ? "/post/discussion" : `/post/discussion/${categoryID}`;
}
