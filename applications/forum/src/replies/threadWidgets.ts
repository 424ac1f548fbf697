export { CommentReplies } from "./CommentReplies";
export { CommentTombstone } from "./CommentTombstone";
export { ThreadHole } from "./ThreadHole";
export { ThreadToggle } from "./ThreadToggle";
