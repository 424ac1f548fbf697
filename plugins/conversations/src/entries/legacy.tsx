// Conversations' part of the server-rendered pages' bundle: the Messages dropdown content (every page has
// the title bar) and the message pages' widgets, each loaded when first rendered. Webpack runs this entry file
// before the forum's, which mounts the widgets.
import { registerConversationWidgets } from "../conversations/registerConversationWidgets";

registerConversationWidgets();
