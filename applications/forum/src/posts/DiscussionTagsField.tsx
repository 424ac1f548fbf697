import { useEffect } from "react";
import type { Tag } from "@forum/api/tags";
import { apiv2 } from "@library/src/api/apiClient";
import { errorMessages, type FieldErrors } from "@library/src/ui/forms/FormGroup";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { TagInput, type TagToken } from "@applications/forum/src/tags/TagInput";

export interface DiscussionTagsFieldProps {
  value: TagToken[];
  onChange: (tokens: TagToken[]) => void;
  errors?: FieldErrors;
}

/** The names of tags known only by id (a draft's or a discussion's `tagIDs`), by `GET /tags?tagID=`. */
async function tagNames(tagIDs: number[]): Promise<Map<number, string>> {
  const query = tagIDs.map((id) => `tagID=${id}`).join("&");
  const response = await apiv2.get<Tag[]>(`tags?${query}&limit=${tagIDs.length}`);
  return new Map(response.data.map((tag) => [tag.tagID, tag.name]));
}

/**
 * The tags of a discussion on the create and edit pages (when `tagging.enabled`): the tags feature's TagInput;
 * new names only for members holding tags.add. Tags known only by id are named once on open.
 */
export function DiscussionTagsField({ value, onChange, errors }: DiscussionTagsFieldProps) {
  const can = usePermissionsChecker();
  const unnamed = value.flatMap((token) => (token.tagID !== undefined && !token.name ? [token.tagID] : []));
  useEffect(() => {
    if (unnamed.length === 0) return;
    let current = true;
    tagNames(unnamed).then(
      (names) => {
        if (!current) return;
        onChange(
          value.flatMap((token) => {
            if (token.tagID === undefined || token.name) return [token];
            const name = names.get(token.tagID);
            return name ? [{ tagID: token.tagID, name }] : [];
          }),
        );
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // Once, for the tags the form opened with.
  }, []);
  const messages = errorMessages(errors);
  return (
    <div className="discussionForm-tags">
      <TagInput
        value={value.filter((token) => token.name !== "")}
        onChange={onChange}
        allowNew={can("tags.add")}
      />
      {messages.length > 0 && (
        <ul className="formGroup-errors" role="alert">
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
