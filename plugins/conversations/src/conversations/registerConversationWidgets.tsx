import { lazy, Suspense, type ComponentType } from "react";
import { registerComponent, registerLazyComponent } from "@library/src/registry/componentRegistry";
import { registerSlotComponent } from "@library/src/registry/slotComponents";
import type { TitleBarItemComponentProps } from "@library/src/titleBar/TitleBarItemEntry";
import type { User } from "@forum/api/users";
import type { ConversationParticipantsProps } from "./ConversationParticipants";
import type { ConversationReplyProps } from "./ConversationReply";
import type { NewConversationFormProps } from "./NewConversationForm";

/**
 * A widget loaded on first render. The entry then carries no widget code or stylesheet: the title bar's menu
 * loads when opened, the page forms where they are mounted (and bundles keep one stylesheet order).
 */
function lazyWidget<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyWidget(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}

export const LazyMessagesMenuContent = lazyWidget<{ showTitle?: boolean }>(
  async () => (await import("./MessagesMenuContent")).MessagesMenuContent,
);
export const LazyMessagesDropDown = lazyWidget<TitleBarItemComponentProps>(
  async () => (await import("./MessagesTitleBar")).MessagesDropDown,
);
export const LazyMessagesPanel = lazyWidget<{ showTitle?: boolean }>(
  async () => (await import("./MessagesTitleBar")).MessagesPanel,
);
export const LazyConversationReply = lazyWidget<ConversationReplyProps>(
  async () => (await import("./ConversationReply")).ConversationReply,
);
export const LazyConversationParticipants = lazyWidget<ConversationParticipantsProps>(
  async () => (await import("./ConversationParticipants")).ConversationParticipants,
);
export const LazyProfileCardMessage = lazyWidget<{ user: User }>(
  async () => (await import("./ProfileCardMessage")).ProfileCardMessage,
);
export const LazyNewConversationForm = lazyWidget<NewConversationFormProps>(
  async () => (await import("./NewConversationForm")).NewConversationForm,
);

/**
 * Registers the conversations widgets: the title bar's Messages dropdown and panel tab (on every page) and the
 * reply and new-message forms of the server-rendered message pages, and the forum's slot widgets (Share In
 * Message, a profile's and a profile card's Message button).
 */
export function registerConversationWidgets(): void {
  registerComponent("MessagesDropDown", LazyMessagesDropDown);
  registerComponent("MessagesPanel", LazyMessagesPanel);
  registerComponent("MessagesMenuContent", LazyMessagesMenuContent);
  registerComponent("ConversationReply", LazyConversationReply);
  registerComponent("NewConversationForm", LazyNewConversationForm);
  registerComponent("ConversationParticipants", LazyConversationParticipants);
  registerSlotComponent("profileCard.actions", "ProfileCardMessage", LazyProfileCardMessage);
  registerLazyComponent(
    "ShareInMessage",
    async () => (await import("./ConversationSlotWidgets")).ShareInMessage,
  );
  registerLazyComponent(
    "ProfileMessageButton",
    async () => (await import("./ConversationSlotWidgets")).ProfileMessageButton,
  );
}
