import { registerComponent } from "@library/src/registry/componentRegistry";
import { BannerWidget } from "@applications/forum/src/layouts/BannerWidget";
import { CategoriesWidget } from "@applications/forum/src/layouts/CategoriesWidget";
import { CategoryHeader } from "@applications/forum/src/layouts/CategoryHeader";
import { CommentItem } from "@applications/forum/src/layouts/CommentItem";
import { CommentThreadAsset } from "@applications/forum/src/layouts/CommentThreadAsset";
import { CreateCommentAsset } from "@applications/forum/src/layouts/CreateCommentAsset";
import { CustomFragmentWidget } from "@applications/forum/src/layouts/CustomFragmentWidget";
import { ItemsWidget } from "@applications/forum/src/layouts/ItemsWidget";
import { SectionThreeColumns } from "@applications/forum/src/layouts/SectionThreeColumns";
import { CreatePostFormAsset } from "@applications/forum/src/layouts/CreatePostFormAsset";
import { DiscussionListModule } from "@applications/forum/src/layouts/DiscussionListModule";
import { OriginalPostAsset } from "@applications/forum/src/layouts/OriginalPostAsset";
import { PostSignature } from "@applications/forum/src/layouts/PostSignature";
import { PostTags } from "@applications/forum/src/tags/TagLinks";

/** The forum's layout widgets, under the names the server's layout nodes use (API.md 17). */
export function registerForumLayoutWidgets(): void {
  registerComponent("BannerWidget", BannerWidget);
  registerComponent("DiscussionListModule", DiscussionListModule);
  registerComponent("CategoriesWidget", CategoriesWidget);
  registerComponent("CategoryHeader", CategoryHeader);
  registerComponent("OriginalPostAsset", OriginalPostAsset);
  registerComponent("CommentThreadAsset", CommentThreadAsset);
  registerComponent("CommentItem", CommentItem);
  registerComponent("PostSignature", PostSignature);
  registerComponent("PostTags", PostTags);
  registerComponent("CreateCommentAsset", CreateCommentAsset);
  registerComponent("CreatePostFormAsset", CreatePostFormAsset);
  registerComponent("SectionThreeColumns", SectionThreeColumns);
  registerComponent("DiscussionsWidget", ItemsWidget);
  registerComponent("LinksWidget", ItemsWidget);
  registerComponent("CustomFragmentWidget", CustomFragmentWidget);
}
