import type { Rich2Document } from "@forum/api/rich2";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { sendMessage, selectSentMessages } from "./conversationsSlice";
import { LazyComposer } from "./LazyComposer";
import "./conversations.css";

export interface ConversationReplyProps {
  conversationID: number;
}

/** The reply form under a conversation: sends rich2 and shows each sent message above the (emptied) editor. */
export function ConversationReply({ conversationID }: ConversationReplyProps) {
  const dispatch = useAppDispatch();
  const sent = useAppSelector((state) => selectSentMessages(state, conversationID));

  const onSubmit = async (doc: Rich2Document) => {
    await dispatch(sendMessage({ conversationID, body: JSON.stringify(doc) })).unwrap();
  };

  return (
    <section className="conversationReply" aria-label={t("Reply")}>
      {sent.length > 0 && (
        <div className="conversationReply-sent">
          {sent.map((message) => (
            <article
              key={message.messageID}
              className="post conversationMessage"
              id={`Message_${message.messageID}`}
            >
              <div className="post-meta">
                <div className="post-author">
                  <span className="userName">{message.insertUser?.name ?? t("Unknown")}</span>{" "}
                  <DateTime timestamp={message.dateInserted} />
                </div>
              </div>
              {/* Sanitised HTML rendered by the server at write time. */}
              <div className="userContent" dir="auto" dangerouslySetInnerHTML={{ __html: message.body }} />
            </article>
          ))}
        </div>
      )}
      <LazyComposer
        label={t("Message")}
        placeholder={t("Write a reply…")}
        submitLabel={t("Send Message")}
        onSubmit={onSubmit}
      />
    </section>
  );
}
