// Tags as a teacher types them (issue 26): comma-separated text to the list the server keeps
// (trimmed, inner spaces folded, lower case, no duplicates), and what is wrong with it against the
// server's limits, so the form says so before the server refuses.
import { TAG_LIMITS } from './questionTypes';

export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;]/)
        .map((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export function tagsProblem(tags: readonly string[]): string | null {
  const long = tags.find((tag) => tag.length > TAG_LIMITS.length);
  if (long)
    return `A tag may have at most ${TAG_LIMITS.length} characters ("${long.slice(0, 20)}…").`;
  if (tags.length > TAG_LIMITS.count) return `At most ${TAG_LIMITS.count} tags.`;
  return null;
}
