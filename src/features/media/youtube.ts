// YouTube links: which URLs are video links, and the video id inside them.

export const NOT_A_YOUTUBE_LINK =
  'Enter a YouTube video link (youtube.com/watch?v=…, youtu.be/…, /embed/… or /shorts/…).';

const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The 11-character video id of a YouTube link, or null when the link is not a video link. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let id: string | null | undefined = null;
  if (url.hostname === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (HOSTS.has(url.hostname)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts') id = second;
  }
  return id && ID.test(id) ? id : null;
}

/** The privacy-enhanced embed address with the IFrame API turned on for this origin. */
export function youtubeEmbedUrl(videoId: string, origin: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?enablejsapi=1&origin=${encodeURIComponent(origin)}`;
}
