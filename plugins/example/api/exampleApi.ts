import { Type, type Static } from "@sinclair/typebox";

/** The example add-on's contract, kept with it so the add-on stays removable. */
export const GreetingSchema = Type.Object({
  greetingID: Type.Integer(),
  insertUserID: Type.Integer(),
  message: Type.String(),
  dateInserted: Type.String(),
});
export type Greeting = Static<typeof GreetingSchema>;

export const GreetingPostSchema = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 200 }),
});
export type GreetingPost = Static<typeof GreetingPostSchema>;

export const GreetingListQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
