export { CommentReplies } from "./CommentReplies";
export { CommentTombstone } from "./CommentTombstone";
export { ReplyDisplaySwitch } from "./ReplyDisplaySwitch";
export { ThreadHole } from "./ThreadHole";
export { ThreadToggle } from "./ThreadToggle";
