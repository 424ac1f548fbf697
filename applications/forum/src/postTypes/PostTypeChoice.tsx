import type { PostType } from "@forum/api/postTypes";
import { t } from "@library/src/i18n/translate";

export interface PostTypeChoiceProps {
  /** The types the chosen category allows; the choice shows only when there is more than one. */
  postTypes: PostType[];
  value: string;
  onChange: (postTypeID: string) => void;
}

/** 'Post Type': one radio button per type the category allows (arrow keys move between them). */
export function PostTypeChoice({ postTypes, value, onChange }: PostTypeChoiceProps) {
  if (postTypes.length < 2) return null;
  return (
    <fieldset className="postTypeChoice">
      <legend>{t("Post Type")}</legend>
      {postTypes.map((postType) => (
        <label key={postType.postTypeID} className="postTypeChoice-option">
          <input
            type="radio"
            name="postTypeID"
            value={postType.postTypeID}
            checked={postType.postTypeID === value}
            onChange={() => onChange(postType.postTypeID)}
          />
          {t(postType.label)}
        </label>
      ))}
    </fieldset>
  );
}
