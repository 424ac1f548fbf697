// Conversations' part of the dashboard bundle: the title bar's Messages dropdown content.
import { registerConversationWidgets } from "../conversations/registerConversationWidgets";

registerConversationWidgets();
