import type { WidgetItem } from "@forum/api/layoutWidgets";
import type { ItemContentType } from "@forum/api/storedLayouts";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { classNames } from "@library/src/ui/classNames";

/** Image, icon or background of an item; a tinted block stands in for a missing picture. */
function ItemPicture({ url, kind }: { url?: string; kind: "image" | "icon" }) {
  return url ? (
    <img className={`widgetItem-${kind}`} src={url} alt="" loading="lazy" />
  ) : (
    <span className={classNames(`widgetItem-${kind}`, "widgetItem-placeholder")} aria-hidden="true" />
  );
}

/** One item of a widget drawn as its content type says (SPEC 2 "Home widgets"); the whole item is its link. */
export function WidgetItemView({ item, contentType }: { item: WidgetItem; contentType: ItemContentType }) {
  const withDescription =
    contentType !== "title" && contentType !== "title-background" && item.description !== undefined;
  const background = contentType.startsWith("title-background");
  const text = (
    <span className="widgetItem-text">
      {contentType === "title-chat-bubble" && item.description ? (
        <span className="widgetItem-bubble">{item.description}</span>
      ) : null}
      <span className="widgetItem-name" dir="auto">
        {item.name}
      </span>
      {withDescription && contentType !== "title-chat-bubble" ? (
        <span className="widgetItem-description">{item.description}</span>
      ) : null}
      {item.meta && !background && contentType !== "title" ? (
        <span className="widgetItem-meta">{item.meta}</span>
      ) : null}
    </span>
  );
  return (
    <a
      className={classNames("widgetItem", `widgetItem--${contentType}`)}
      href={siteUrl(item.url)}
      style={
        background && item.imageUrl ? { backgroundImage: `url("${encodeURI(item.imageUrl)}")` } : undefined
      }
    >
      {contentType === "title-description-image" ? <ItemPicture url={item.imageUrl} kind="image" /> : null}
      {contentType === "title-description-icon" ? <ItemPicture url={item.iconUrl} kind="icon" /> : null}
      {text}
    </a>
  );
}
