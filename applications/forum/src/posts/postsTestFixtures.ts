import type { PostActionsProps } from "@forum/api/widgetProps";

export function postActionsProps(overrides: Partial<PostActionsProps> = {}): PostActionsProps {
  return {
    recordType: "comment",
    recordID: 12,
    discussionID: 3,
    url: "https://forum.test/discussion/comment/12#Comment_12",
    name: "Hello & welcome",
    insertUser: { userID: 7, name: "Ada" },
    canComment: true,
    canEdit: false,
    editableUntil: null,
    canDelete: false,
    ...overrides,
  };
}
