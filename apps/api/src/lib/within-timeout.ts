// A call that answers within `ms` or is given up: the caller's timer is cleared either way, so a call that
// answers in time leaves nothing running. The call itself is not cancelled — what it does later is ignored.

/** `call`'s answer, or a rejection with `timeoutError()` once `ms` have passed without one. */
export function withinTimeout<Answer>(
  call: Promise<Answer>,
  ms: number,
  timeoutError: () => Error = () => new Error(`no answer within ${ms} ms`),
): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}
