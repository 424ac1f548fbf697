import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID, Nullable } from "./common";

/** MediaItem (API.md 16): an uploaded file. */
export const MediaItemSchema = Type.Object({
  mediaID: Type.Integer(),
  url: Type.String(),
  name: Type.String(),
  type: Type.String(),
  size: Type.Integer(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  foreignType: Nullable(Type.String()),
  foreignID: Nullable(Type.Integer()),
});
export type MediaItem = Static<typeof MediaItemSchema>;

export const MediaIDParamsSchema = Type.Object({ id: ID });
