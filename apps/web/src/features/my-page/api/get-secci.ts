import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// GET /loan-quote/{quoteId}/secci: the pre-contractual information (SECCI, regulation.md) as an HTML page.
// It is shown inside the accept modal, as text only: the page's markup is parsed, its scripts never run.

export async function getSecciHtml(quoteID: string, token: string | null): Promise<string> {
  const url = joinUrl(serviceUrl(), fillPath('/loan-quote/{quoteID}/secci', { quoteID }));
  return (await getJson<string>(url, { token })) ?? '';
}

/** The SECCI's body content, cleaned of scripts, styles and inline handlers, for a sandboxed display. */
export function secciBodyHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of document.querySelectorAll('script, style, link, meta, iframe, object, embed')) {
    element.remove();
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (attribute.name.startsWith('on') || attribute.name === 'style')
        element.removeAttribute(attribute.name);
    }
  }
  // The modal has its own heading: the page's level-1 heading becomes a level-3 one.
  for (const heading of document.body.querySelectorAll('h1, h2')) {
    const replacement = document.createElement(heading.tagName === 'H1' ? 'h3' : 'h4');
    replacement.innerHTML = heading.innerHTML;
    heading.replaceWith(replacement);
  }
  return document.body.innerHTML;
}

export function secciPdfUrl(quoteID: string): string {
  return joinUrl(serviceUrl(), fillPath('/loan-quote/{quoteID}/secci.pdf', { quoteID }));
}

export const secciQueryOptions = (quoteID: string, token: string | null) =>
  queryOptions({
    queryKey: ['secci', quoteID],
    queryFn: () => getSecciHtml(quoteID, token),
    staleTime: Infinity,
  });

export function useSecci(quoteID: string | null) {
  const token = useAuthStore(effectiveToken);
  return useQuery({ ...secciQueryOptions(quoteID ?? '', token), enabled: !!quoteID && !!token });
}
