import { useEffect } from "react";
import type { Conversation } from "../../api/conversationsApi";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { dataOf, errorOf, LoadStatus } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { paths } from "@library/src/routing/paths";
import { classNames } from "@library/src/ui/classNames";
import { Loader } from "@library/src/ui/Loader/Loader";
import { fetchInbox, injectedConversationsSlice, selectInbox } from "./conversationsSlice";
import "./conversations.css";

export const NEW_MESSAGE_PATH = "/messages/add";

function MenuItem({ conversation }: { conversation: Conversation }) {
  const author = conversation.lastMessage?.insertUser;
  const photo = author ?? conversation.participants[0]?.user;
  return (
    <li className={classNames("messagesMenu-item", conversation.unread && "isUnread")}>
      <a className="messagesMenu-link" href={siteUrl(conversation.url)}>
        {photo && <img className="messagesMenu-photo" src={photo.photoUrl} alt="" width={32} height={32} />}
        <span className="messagesMenu-text">
          <span className="messagesMenu-name" dir="auto">
            {conversation.name}
            {conversation.unread && <span className="messagesMenu-unreadDot">{t("Unread")}</span>}
          </span>
          <span className="messagesMenu-last">
            {author && (
              <>
                <span className="messagesMenu-author">
                  {formatText(t("{name}:"), { name: author.name })}
                </span>{" "}
              </>
            )}
            {/* `body` is the server's escaped excerpt of the last message (API.md 12, html). */}
            <span
              className="messagesMenu-excerpt"
              dir="auto"
              dangerouslySetInnerHTML={{ __html: conversation.body }}
            />
          </span>
          {conversation.lastMessage && (
            <DateTime className="messagesMenu-date" timestamp={conversation.lastMessage.dateInserted} />
          )}
        </span>
      </a>
    </li>
  );
}

/**
 * The list inside the title bar's Messages dropdown (and the side panel's messages tab): the latest
 * conversations with who wrote the last message (photo and name), the unread ones marked, 'New Message', and a link to all messages.
 */
export function MessagesMenuContent({ showTitle = true }: { showTitle?: boolean }) {
  const dispatch = useAppDispatch();
  const inbox = useAppSelector(selectInbox);
  const byID = useAppSelector((state) => injectedConversationsSlice.selectSlice(state).byID);
  useEffect(() => {
    void dispatch(fetchInbox());
  }, [dispatch]);

  const conversations = (dataOf(inbox) ?? []).flatMap((id) => {
    const conversation = byID[id];
    return conversation ? [conversation] : [];
  });
  const error = errorOf(inbox);
  const isLoading =
    inbox.status === LoadStatus.PENDING || (inbox.status === LoadStatus.LOADING && !dataOf(inbox));

  return (
    <div className="titleBarInbox messagesMenu">
      <div className="messagesMenu-header">
        {showTitle && <h2 className="titleBarInbox-title messagesMenu-title">{t("Messages")}</h2>}
        <a className="messagesMenu-new" href={siteUrl(NEW_MESSAGE_PATH)}>
          {t("New Message")}
        </a>
      </div>
      {isLoading ? (
        <Loader size="small" className="messagesMenu-loader" />
      ) : error ? (
        <p className="titleBarInbox-empty" role="alert">
          {error.message}
        </p>
      ) : conversations.length === 0 ? (
        <p className="titleBarInbox-empty">{t("There are no messages yet.")}</p>
      ) : (
        <ul className="messagesMenu-list" aria-label={t("Messages")}>
          {conversations.map((conversation) => (
            <MenuItem key={conversation.conversationID} conversation={conversation} />
          ))}
        </ul>
      )}
      <div className="titleBarInbox-footer">
        <a className="titleBarInbox-all" href={siteUrl(paths.messages)}>
          {t("All Messages")}
        </a>
      </div>
    </div>
  );
}
