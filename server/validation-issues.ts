/** A validation issue as zod reports it, as far as the error mappers read it. */
export interface IssueLike {
  path: PropertyKey[];
  message: string;
  code: string;
  /** invalid_union: each option's own issues */
  errors?: IssueLike[][];
  /** invalid_key: the record key's own issues */
  issues?: IssueLike[];
}

/**
 * The issues where they happened: a union whose value had the shape of exactly one of its options (an
 * object where a string or an object is taken) reports that option's issues at their own paths, and a
 * record key its own rule ("Keys are at most 64 characters"), not "Invalid key in record". An option
 * "has the shape" when it failed for something else than the value's type at its root; a literal or enum
 * option fails with `invalid_value` whatever it is given, so a union with one reports it alone, and a
 * union's own message gives way to its option's: neither is in a schema that reaches here today.
 */
export function preciseIssues(issues: IssueLike[]): IssueLike[] {
  return issues.flatMap((issue): IssueLike[] => {
    if (issue.code === 'invalid_key' && issue.issues?.length) {
      return preciseIssues(issue.issues.map((inner) => ({ ...inner, path: issue.path })));
    }
    if (issue.code !== 'invalid_union' || !issue.errors) return [issue];
    const shaped = issue.errors.filter((option) => !option.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
    if (shaped.length !== 1) return [issue];
    return preciseIssues(shaped[0]!.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}
