import { t } from "@library/src/i18n/translate";
import { DiscussionForm, type PostableCategory } from "./DiscussionForm";
import { postDiscussion } from "./postsApi";

export interface NewDiscussionFormProps {
  categories: PostableCategory[];
  /** Preselected category (`/post/discussion/{categoryID}`). */
  categoryID: number | null;
}

/** `/post/discussion`: POST discussions with a rich2 body, then open the new discussion. */
export function NewDiscussionForm({ categories, categoryID }: NewDiscussionFormProps) {
  return (
    <DiscussionForm
      categories={categories}
      initial={{ name: "", categoryID }}
      submitLabel={t("Post Discussion")}
      save={({ name, categoryID: category, body }) =>
        postDiscussion({ name, body, format: "rich2", categoryID: category })
      }
    />
  );
}
