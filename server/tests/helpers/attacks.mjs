// The costly reads of issue 18 point 5, as an attacker sent them: the API tests check they are
// refused, the security bench (bench/security-load) measures an examinee's saves while they run.

/** `count` aliases, each courses → tests (limit 10000) → course → tests. 500 of them: 53 KB. */
export const aliasAttack = (count = 500) =>
  `{ ${Array.from(
    { length: count },
    (_, i) =>
      `a${i}: courses { documentId tests(pagination: { limit: 10000 }) { documentId course { documentId tests { documentId TestName } } } }`,
  ).join(' ')} }`;

/** The populate: course → tests → course → tests …, eight levels deep. */
export const DEEP_POPULATE = `/api/tests?${Array.from({ length: 8 }, (_, i) =>
  i % 2 === 0 ? 'course' : 'tests',
)
  .map((key) => `[populate][${key}]`)
  .join('')
  .replace(/^\[populate\]/, 'populate')}=true`;
