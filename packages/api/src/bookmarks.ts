import { Type, type Static } from "@sinclair/typebox";
import { DiscussionExpandSchema } from "./discussions";

/** `PUT /discussions/{id}/bookmark` body and response (API.md 7.9). */
export const BookmarkBodySchema = Type.Object({ bookmarked: Type.Boolean() });
export type BookmarkBody = Static<typeof BookmarkBodySchema>;

/** `GET /discussions/bookmarked` (API.md 7.4): "more" pager. */
export const BookmarkedListQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(DiscussionExpandSchema),
});
export type BookmarkedListQuery = Static<typeof BookmarkedListQuerySchema>;

/** Props of the discussion header's `BookmarkToggle` widget. */
export interface BookmarkToggleProps {
  discussionID: number;
  bookmarked: boolean;
  signedIn: boolean;
}
