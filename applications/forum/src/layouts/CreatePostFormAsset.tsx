import { useId, type ReactNode } from "react";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export interface CreatePostFormAssetProps {
  /** The rendered `NewDiscussionForm` node. */
  form: ReactNode;
  title: string;
}

/** The create-post page: its title over the form. */
export function CreatePostFormAsset({ form, title }: CreatePostFormAssetProps) {
  const headingID = useId();
  return (
    <section className="createPostForm" aria-labelledby={headingID}>
      <h1 className="createPostForm-title" id={headingID}>
        {title}
      </h1>
      {form}
    </section>
  );
}
