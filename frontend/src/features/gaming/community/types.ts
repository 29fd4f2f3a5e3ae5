import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

/** Community posts as the API gives them (issue 15: CommunityPostDto and its comments). */
export type CommunityPost = Schemas['CommunityPostDto'];
export type PostType = CommunityPost['type'];
export type CommunityPostVideo = Schemas['CommunityPostVideoDto'];
export type CommunityComment = Schemas['CommunityCommentDto'];

export interface PostInput {
  title: string;
  game: string;
  content: string;
  post_type: PostType;
  video_id: string | null;
}
