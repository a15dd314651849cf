import {
  type HumanReview,
  type HumanReviewOverview,
  type HumanReviewRequestBody,
  humanReviewOverviewSchema,
  humanReviewSchema,
} from '@nordloan/domain/human-review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadDocument } from '#src/features/my-page/api/application-documents.ts';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 34 item 3 (ADR 0065), CCD2 art. 18(8): GET /loan-application/{id}/human-review (the automated
// decisions that can be reviewed, and the reviews asked for) and POST (ask for one). A document goes up
// first through the documents module's own upload (its types, size and count rules), then is named.

const reviewPath = (applicationID: string) =>
  joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/human-review', { applicationID }));

export async function getHumanReview(applicationID: string, token: string | null) {
  return parseAnswer(humanReviewOverviewSchema, await getJson<unknown>(reviewPath(applicationID), { token }));
}

export async function postHumanReview(
  applicationID: string,
  body: HumanReviewRequestBody,
  token: string | null,
): Promise<HumanReview | null> {
  return parseAnswer(humanReviewSchema, await postJson<unknown>(reviewPath(applicationID), { token, body }));
}

// Under the application's lender-request view: the live stream refreshes it when a lender decides (a new
// decline to review), as it does the lenders' paths.
const reviewKey = (applicationID: string) =>
  queryKeys.applicationView(applicationID, 'loan-request', 'human-review');

export function useHumanReview(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery<HumanReviewOverview | null>({
    queryKey: reviewKey(applicationID),
    queryFn: () => getHumanReview(applicationID, token),
    enabled: options.enabled && !!token,
    // An answer comes days later; the page asks again now and then while a review is open.
    refetchInterval: (query) =>
      query.state.data?.Reviews.some((review) => review.Status === 'open') ? 60_000 : false,
  });
}

export function useRequestHumanReview(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { view: string; file: File | null }) => {
      const document = input.file
        ? await uploadDocument(applicationID, { file: input.file, category: 'other' }, token)
        : null;
      return postHumanReview(
        applicationID,
        { View: input.view, ...(document ? { DocumentID: document.ID } : {}) },
        token,
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKey(applicationID) }),
        queryClient.invalidateQueries({ queryKey: ['application', applicationID, 'documents'] }),
      ]),
  });
}
