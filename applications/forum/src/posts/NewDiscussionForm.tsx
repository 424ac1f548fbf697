import { useMemo, useState } from "react";
import type { Discussion } from "@forum/api/discussions";
import type { CreatePostFormProps } from "@forum/api/postTypes";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { isEmptyDocument } from "@library/src/editor/serialize";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { checkPermission } from "@library/src/permissions/permissionChecker";
import { selectPermissionsLoadable } from "@library/src/permissions/permissionsSlice";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import {
  draftMetaOf,
  formValuesOfDraft,
  tagNamesOf,
} from "@applications/forum/src/drafts/discussionDraftMeta";
import { ScheduleDraftModal } from "@applications/forum/src/drafts/ScheduleDraftModal";
import { UnsavedChangesGuard } from "@applications/forum/src/drafts/UnsavedChangesModal";
import { listDrafts } from "@applications/forum/src/drafts/draftsApi";
import { useDraft } from "@applications/forum/src/drafts/useDraft";
import { DiscussionForm, pinFields, type DiscussionFormValues, type HeldPost } from "./DiscussionForm";
import { postDiscussion } from "./postsApi";
import { tagFieldsOf, type TagToken } from "@applications/forum/src/tags/TagInput";

/** The tag fields of a new post: only those with something in them. */
function newPostTags(tags: TagToken[]) {
  const { tagIDs, newTagNames } = tagFieldsOf(tags);
  return { ...(tagIDs.length > 0 ? { tagIDs } : {}), ...(newTagNames.length > 0 ? { newTagNames } : {}) };
}

export type NewDiscussionFormProps = CreatePostFormProps;

/**
 * The create-post page (`/post/discussion`, `/post/{postType}/{categoryID}`, a draft at
 * `/post/editdiscussion/0/{draftID}`): POST discussions with a rich2 body, then open the new discussion. What
 * is written is a draft (SPEC 4), every field in its draftMeta, kept in this browser and on the server until
 * it is posted or scheduled.
 */
/** The member's most recently saved draft of a new discussion (not an edit, not scheduled), if any. */
export async function findNewDiscussionDraft() {
  const { drafts } = await listDrafts({
    recordType: "discussion",
    draftStatus: "draft",
    sort: "-dateUpdated",
    limit: 30,
  });
  return drafts.find((draft) => !draft.recordID);
}

export function NewDiscussionForm({
  categories,
  categoryID,
  draftID,
  postTypeID = "discussion",
  postTypes,
  taggingEnabled = false,
}: NewDiscussionFormProps) {
  const userID = useAppSelector(selectCurrentUser).userID;
  // From the page's bootstrap: no request of its own (the form works without the Schedule button).
  const permissions = useAppSelector(selectPermissionsLoadable);
  const maySchedule =
    userID > 0 && checkPermission({ permissions, isSignedIn: true }, "schedule.allow", { mode: "global" });
  const [scheduling, setScheduling] = useState(false);
  const draft = useDraft({
    userID,
    path: draftID ? `/post/editdiscussion/0/${draftID}` : "/post/discussion",
    recordType: "discussion",
    parentRecordType: null,
    parentRecordID: null,
    // The member's newest new-discussion draft reopens here in any browser (this one may not have it).
    ...(draftID ? { draftID } : { findOnServer: findNewDiscussionDraft }),
    enabled: userID > 0,
  });
  const initial = useMemo(
    () => (draft.ready ? formValuesOfDraft(draft.draft?.attributes, { categoryID, postTypeID }) : null),
    // Read once, when the draft is ready: later changes come from the form itself.
    [draft.ready],
  );

  if (!initial) return <Loader className="postComposer-loader" />;

  const onValuesChange = (values: DiscussionFormValues) => {
    if (!values.name.trim() && (!values.body || isEmptyDocument(values.body))) {
      void draft.remove();
      return;
    }
    draft.update({
      body: values.body ? JSON.stringify(values.body) : "",
      format: "rich2",
      draftMeta: draftMetaOf(values),
      // Editor state beside the draftMeta: the names of its tagIDs, to show them again.
      ...({ tagNames: tagNamesOf(values.tags) } as Record<string, unknown>),
    });
  };

  return (
    <>
      <DiscussionForm
        categories={categories}
        {...(postTypes ? { postTypes } : {})}
        initial={initial}
        submitLabel={t("Post Discussion")}
        onValuesChange={onValuesChange}
        taggingEnabled={taggingEnabled}
        save={async (values) => {
          const result: Discussion | HeldPost = await postDiscussion({
            name: values.name,
            body: values.body,
            format: "rich2",
            categoryID: values.categoryID,
            postTypeID: values.postTypeID,
            ...(Object.keys(values.postMeta).length > 0 ? { postMeta: values.postMeta } : {}),
            ...pinFields(values, true),
            ...(taggingEnabled ? newPostTags(values.tags) : {}),
          });
          await draft.remove();
          return result;
        }}
        actions={maySchedule && <Button onClick={() => setScheduling(true)}>{t("Schedule")}</Button>}
      />
      <ScheduleDraftModal
        isVisible={scheduling}
        onCancel={() => setScheduling(false)}
        onSchedule={async (dateScheduled) => {
          await draft.schedule(dateScheduled);
          fullPageNavigate(siteUrl("/drafts?status=scheduled"));
        }}
      />
      <UnsavedChangesGuard active={draft.unsynced} />
    </>
  );
}
