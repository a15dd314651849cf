import {
  type ChangeRateWatchBody,
  type RateWatch,
  rateWatchConsentVersion,
  rateWatchSchema,
  type StartRateWatchBody,
} from '@nordloan/domain/lending/rate-watch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import {
  ApiError,
  fillPath,
  getJson,
  joinUrl,
  parseAnswer,
  patchJson,
  postJson,
} from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 36 item 2 (ADR 0081): the rate watch of a paid-out loan. GET /loan-application/{id}/rate-watch,
// POST (start, with the consent ticked), PATCH (how often, threshold, channel), POST …/stop, POST …/renew.

const watchPath = (applicationID: string, rest = '') =>
  joinUrl(serviceUrl(), fillPath(`/loan-application/{applicationID}/rate-watch${rest}`, { applicationID }));

const watchKey = (applicationID: string) => ['application', applicationID, 'rate-watch'] as const;

export function useRateWatch(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery<RateWatch | null>({
    queryKey: watchKey(applicationID),
    queryFn: async () =>
      parseAnswer(rateWatchSchema, await getJson<unknown>(watchPath(applicationID), { token })),
    enabled: options.enabled && !!token,
  });
}

export type RateWatchAction =
  | { kind: 'start'; body: Omit<StartRateWatchBody, 'ConsentTextVersion' | 'Consent'> }
  | { kind: 'change'; body: ChangeRateWatchBody }
  | { kind: 'stop' }
  | { kind: 'renew' };

function send(applicationID: string, token: string | null, action: RateWatchAction) {
  const consent = { Consent: true, ConsentTextVersion: rateWatchConsentVersion };
  switch (action.kind) {
    case 'start':
      return postJson<unknown>(watchPath(applicationID), { token, body: { ...action.body, ...consent } });
    case 'change':
      return patchJson<unknown>(watchPath(applicationID), { token, body: action.body });
    case 'stop':
      return postJson<unknown>(watchPath(applicationID, '/stop'), { token, body: {} });
    case 'renew':
      return postJson<unknown>(watchPath(applicationID, '/renew'), { token, body: consent });
  }
}

/** One mutation for every action: the answer is the watch as it now stands. */
export function useRateWatchAction(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: RateWatchAction) => {
      const answer = await send(applicationID, token, action);
      // Every action answers with the watch; nothing back is the 429 the helpers only warn of (§8), and
      // the customer is told to wait rather than shown nothing.
      if (answer === undefined)
        throw new ApiError('Too many requests', 429, { Message: 'Too many requests' });
      return parseAnswer(rateWatchSchema, answer);
    },
    onSuccess: (watch) => {
      if (watch) queryClient.setQueryData(watchKey(applicationID), watch);
    },
  });
}
