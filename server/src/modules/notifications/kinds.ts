import type { RoleType } from '../../access/caller';

/**
 * What a notification can be about, who receives that kind, and its defaults (issue 20): in-app
 * on for every kind; email off except for published marks, which a learner wants to hear of even
 * when not signed in.
 */
export interface KindInfo {
  kind: string;
  label: string;
  roles: readonly RoleType[];
  email: boolean;
}

export const KINDS: readonly KindInfo[] = [
  {
    kind: 'work-available',
    label: 'A test or assignment is available',
    roles: ['student'],
    email: false,
  },
  {
    kind: 'work-opens-soon',
    label: 'A test or assignment opens soon',
    roles: ['student'],
    email: false,
  },
  { kind: 'marks-published', label: 'Mains marks are published', roles: ['student'], email: true },
  {
    kind: 'result-regraded',
    label: 'A result changed after a regrade',
    roles: ['student'],
    email: false,
  },
  { kind: 'live-class', label: 'Live classes', roles: ['student', 'faculty'], email: false },
  { kind: 'added-to-batch', label: 'Added to a batch', roles: ['student'], email: false },
  {
    kind: 'script-waiting',
    label: 'A Mains script waits for evaluation',
    roles: ['faculty'],
    email: false,
  },
  {
    kind: 'test-assigned',
    label: 'Notices about a test ("notify faculties")',
    roles: ['faculty'],
    email: false,
  },
  {
    kind: 'work-submitted',
    label: 'A learner submitted work you grade',
    roles: ['faculty'],
    email: false,
  },
  { kind: 'import-finished', label: 'An import finished', roles: ['administrator'], email: false },
  {
    kind: 'evaluation-complete',
    label: 'A Mains test is evaluated and ready to publish',
    roles: ['administrator'],
    email: false,
  },
  {
    kind: 'recheck-requested',
    label: 'A learner asks for a re-check of a question you marked',
    roles: ['faculty'],
    email: false,
  },
  {
    kind: 'recheck-answered',
    label: 'Your re-check request is answered',
    roles: ['student'],
    email: false,
  },
  {
    kind: 'message',
    label: 'Messages from the administrators',
    roles: ['administrator', 'faculty', 'student'],
    email: false,
  },
];

export type Kind =
  | 'work-available'
  | 'work-opens-soon'
  | 'marks-published'
  | 'result-regraded'
  | 'live-class'
  | 'added-to-batch'
  | 'script-waiting'
  | 'test-assigned'
  | 'work-submitted'
  | 'import-finished'
  | 'evaluation-complete'
  | 'recheck-requested'
  | 'recheck-answered'
  | 'message';

export const kindInfo = (kind: string): KindInfo | undefined => KINDS.find((k) => k.kind === kind);

export const kindsFor = (role: RoleType): KindInfo[] => KINDS.filter((k) => k.roles.includes(role));

/** Stored messages are plain text of at most 500 characters (the SPA never renders HTML). */
export const MESSAGE_MAX = 500;

export const messageText = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_MAX ? `${flat.slice(0, MESSAGE_MAX - 1)}…` : flat;
};
