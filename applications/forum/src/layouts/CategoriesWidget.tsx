import { useId } from "react";
import type { Category } from "@forum/api/categories";
import type { WidgetItem } from "@forum/api/layoutWidgets";
import type { ItemOptions } from "@forum/api/storedLayouts";
import { ItemsWidget } from "@applications/forum/src/layouts/ItemsWidget";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import { CountLabel } from "@applications/forum/src/layouts/CountLabel";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/CategoriesWidget.css";

export type CategoriesDisplayType = "list" | "grid";

export interface CategoriesWidgetProps {
  title?: string;
  /** A tree: each category's children nested in it. */
  categories: Category[];
  displayType?: CategoriesDisplayType;
  /** A layout editor's widget: the categories as items (SPEC 2 "Home widgets"). */
  itemOptions?: ItemOptions;
}

function categoryItem(category: Category): WidgetItem {
  return {
    key: `category-${category.categoryID}`,
    name: category.name,
    url: category.url,
    ...(category.description ? { description: category.description } : {}),
    ...(category.bannerUrl ? { imageUrl: category.bannerUrl } : {}),
    ...(category.iconUrl ? { iconUrl: category.iconUrl } : {}),
  };
}

function CategoryCounts({ category }: { category: Category }) {
  return (
    <div className="categoryItem-meta">
      <CountLabel
        count={category.countDiscussions}
        noun={t("{count, plural, one {discussion} other {discussions}}")}
      />
      <CountLabel
        count={category.countComments}
        noun={t("{count, plural, one {comment} other {comments}}")}
      />
    </div>
  );
}

/** A category with its description and counts, its children listed under it. */
function CategoryItem({ category, isChild }: { category: Category; isChild: boolean }) {
  const children = category.children ?? [];
  const name = (
    <a className="categoryItem-name" href={siteUrl(category.url)} dir="auto">
      {category.name}
    </a>
  );
  return (
    <li className={classNames("categoryItem", isChild && "categoryItem--child")}>
      {isChild ? (
        <div className="categoryItem-title">{name}</div>
      ) : (
        <h3 className="categoryItem-title">{name}</h3>
      )}
      {category.description ? <p className="categoryItem-description">{category.description}</p> : null}
      <CategoryCounts category={category} />
      {children.length > 0 ? (
        <ul className="categoryItem-children" aria-label={category.name}>
          {children.map((child) => (
            <CategoryItem key={child.categoryID} category={child} isChild />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Categories as a list, or a grid of up to 3 columns of at least 180 px on wide screens (SPEC 9). */
export function CategoriesWidget({
  title,
  categories,
  displayType = "list",
  itemOptions,
}: CategoriesWidgetProps) {
  const headingID = useId();
  if (itemOptions)
    return (
      <ItemsWidget
        {...(title ? { title } : {})}
        items={categories.map(categoryItem)}
        itemOptions={itemOptions}
        viewAllUrl="/categories"
      />
    );
  return (
    <section className="categoriesWidget" aria-labelledby={title ? headingID : undefined}>
      {title ? (
        <h2 className="widget-title" id={headingID}>
          {title}
        </h2>
      ) : null}
      {categories.length === 0 ? (
        <p className="emptyMessage">{t("No categories were found.")}</p>
      ) : (
        <ul className={classNames("categoriesWidget-items", `categoriesWidget-items--${displayType}`)}>
          {categories.map((category) => (
            <CategoryItem key={category.categoryID} category={category} isChild={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
