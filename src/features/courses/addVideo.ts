// Adding a video to a course content or a topic: the video is created, then linked to its owner
// with the owner's existing videos kept (two calls inside one mutation).
import type { Fetch, QueryError } from '../../store/api';
import type { StrapiOne } from '../../lib/strapi';
import { subjectsUrls } from './subjectsUrls';
import type { VideoPayload, YoutubeVideo } from './courseTypes';

export async function addVideo(
  fetch: Fetch,
  video: VideoPayload,
  owner: { url: string; videos: readonly { documentId: string }[] | null | undefined },
): Promise<{ data: YoutubeVideo } | { error: QueryError }> {
  const created = await fetch({ url: subjectsUrls.videos, method: 'POST', body: { data: video } });
  if (created.error) return { error: created.error };
  const added = (created.data as StrapiOne<YoutubeVideo>).data;
  const existing = (owner.videos ?? []).map((item) => item.documentId);
  const linked = await fetch({
    url: owner.url,
    method: 'PUT',
    body: { data: { youtube_videos: [...existing, added.documentId] } },
  });
  if (linked.error) return { error: linked.error };
  return { data: added };
}
