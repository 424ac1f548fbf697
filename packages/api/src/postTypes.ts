import { Type, type Static } from "@sinclair/typebox";
import { BodyFormatSchema } from "./discussions";
import { ID } from "./common";
import { StringEnum } from "./users";

/** The kinds of field a post type may add to its posts (kept in the discussion's `postMeta`). */
export const POST_FIELD_TYPES = ["text", "textarea", "number", "boolean", "choice"] as const;
export type PostFieldType = (typeof POST_FIELD_TYPES)[number];

/** One field of a post type, as the create-post page renders it. */
export const PostFieldSchema = Type.Object({
  /** Key in `postMeta`. */
  fieldID: Type.String(),
  label: Type.String(),
  description: Type.Optional(Type.String()),
  type: StringEnum(POST_FIELD_TYPES),
  required: Type.Boolean(),
  /** The values of a `choice` field. */
  options: Type.Optional(Type.Array(Type.String())),
  /** Longest text of a `text`/`textarea` field. */
  maxLength: Type.Optional(Type.Integer()),
});
export type PostField = Static<typeof PostFieldSchema>;

/** A post type members can create now (GET /post-types). `discussion` is built in; add-ons register the rest. */
export const PostTypeSchema = Type.Object({
  postTypeID: Type.String(),
  /** The discussion `type` its posts are stored with (`discussion`, `question`…). */
  baseType: Type.String(),
  /** Shown through `t()`. */
  label: Type.String(),
  fields: Type.Array(PostFieldSchema),
});
export type PostType = Static<typeof PostTypeSchema>;

export const PostTypeListQuerySchema = Type.Object({
  /** Only the types allowed in this category (its `allowedDiscussionTypes`). */
  categoryID: Type.Optional(ID),
});

/** `POST /discussions/preview`: the body as readers will see it, rendered by the server. */
export const PostPreviewBodySchema = Type.Object({
  body: Type.String({ maxLength: 200000 }),
  format: BodyFormatSchema,
});
export const PostPreviewSchema = Type.Object({ body: Type.String() });
export type PostPreview = Static<typeof PostPreviewSchema>;

/** A category of the create-post page, in tree order; only `canPost` ones are selectable. */
export interface PostableCategory {
  categoryID: number;
  name: string;
  depth: number;
  canPost: boolean;
  /** The viewer may announce (pin) here. */
  canAnnounce?: boolean;
  /** The post types creatable here. */
  postTypeIDs?: string[];
}

/** What the create-post page knows beyond the categories (the widget props of `NewDiscussionForm`). */
export interface CreatePostFormProps {
  categories: PostableCategory[];
  /** Preselected category (`/post/discussion/{categoryID}`, `/post/{postType}/{categoryID}`). */
  categoryID: number | null;
  /** The draft opened from the drafts page (`/post/editdiscussion/0/{draftID}`). */
  draftID?: number;
  /** Preselected post type (`/post/{postType}/…`). */
  postTypeID?: string;
  /** Every post type available on the site; a category narrows them with `postTypeIDs`. */
  postTypes?: PostType[];
  /** `tagging.enabled`. */
  taggingEnabled?: boolean;
}

/** `/post/editdiscussion/{id}` and `/post/editdiscussion/{id}/{draftID}` (a scheduled edit opened again). */
export interface EditPostFormProps {
  discussionID: number;
  draftID?: number;
  categories?: PostableCategory[];
  postTypes?: PostType[];
  taggingEnabled?: boolean;
}
