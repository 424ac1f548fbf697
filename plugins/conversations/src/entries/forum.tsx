// Conversations' part of the single-page forum bundle: the title bar's Messages dropdown content.
import { registerConversationWidgets } from "../conversations/registerConversationWidgets";

registerConversationWidgets();
