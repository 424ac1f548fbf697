import { useMemo, useState } from "react";
import type { DiscussionDraftMeta } from "@forum/api/drafts";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { isEmptyDocument, parseRich2 } from "@library/src/editor/serialize";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { checkPermission } from "@library/src/permissions/permissionChecker";
import { selectPermissionsLoadable } from "@library/src/permissions/permissionsSlice";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { ScheduleDraftModal } from "@applications/forum/src/drafts/ScheduleDraftModal";
import { UnsavedChangesGuard } from "@applications/forum/src/drafts/UnsavedChangesModal";
import { useDraft } from "@applications/forum/src/drafts/useDraft";
import { DiscussionForm, type DiscussionFormValues, type PostableCategory } from "./DiscussionForm";
import { postDiscussion } from "./postsApi";

export interface NewDiscussionFormProps {
  categories: PostableCategory[];
  /** Preselected category (`/post/discussion/{categoryID}`). */
  categoryID: number | null;
  /** The draft opened from the drafts page (`/post/editdiscussion/0/{draftID}`). */
  draftID?: number;
}

/**
 * `/post/discussion`: POST discussions with a rich2 body, then open the new discussion. What is written is a
 * draft (SPEC 4), kept in this browser and on the server until it is posted.
 */
export function NewDiscussionForm({ categories, categoryID, draftID }: NewDiscussionFormProps) {
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
    ...(draftID ? { draftID } : {}),
    enabled: userID > 0,
  });
  const initial = useMemo(() => {
    if (!draft.ready) return null;
    const attributes = draft.draft?.attributes;
    const meta = (attributes?.draftMeta ?? {}) as DiscussionDraftMeta;
    const body = typeof attributes?.body === "string" ? parseRich2(attributes.body) : null;
    return {
      name: meta.name ?? "",
      categoryID: meta.categoryID ?? categoryID,
      ...(body && !isEmptyDocument(body) ? { body } : {}),
    };
    // Read once, when the draft is ready: later changes come from the form itself.
  }, [draft.ready]);

  if (!initial) return <Loader className="postComposer-loader" />;

  const onValuesChange = ({ name, categoryID: category, body }: DiscussionFormValues) => {
    if (!name.trim() && (!body || isEmptyDocument(body))) {
      void draft.remove();
      return;
    }
    draft.update({
      body: body ? JSON.stringify(body) : "",
      format: "rich2",
      draftMeta: {
        name,
        categoryID: category,
        postTypeID: "discussion",
        pinLocation: "none",
        pinned: false,
      },
    });
  };

  return (
    <>
      <DiscussionForm
        categories={categories}
        initial={initial}
        submitLabel={t("Post Discussion")}
        onValuesChange={onValuesChange}
        save={async ({ name, categoryID: category, body }) => {
          const discussion = await postDiscussion({ name, body, format: "rich2", categoryID: category });
          await draft.remove();
          return discussion;
        }}
      />
      {maySchedule && (
        <div className="discussionForm-schedule">
          <Button onClick={() => setScheduling(true)}>{t("Schedule")}</Button>
        </div>
      )}
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
