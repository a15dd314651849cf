import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { minimumQueryLength, useSearchApplications } from '#src/features/search/api/search-applications.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { Pager } from '#src/shared/ui/pager.tsx';
import { brandName, StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Search by name, national id, phone, e-mail or application number (issue 38: names too). The query is sent as a query parameter of an
// API call only; the page's own address keeps it too, so the broker can go back to the results — except
// for what looks like a national id, which never goes into the address bar or the browser history.

const looksLikeNationalId = (value: string) => /^\d{6}[-+A]?\d{4,5}$/.test(value.replace(/\s/g, ''));

export function SearchPage() {
  const { t, fmt } = useI18n();
  useDocumentTitle(t.search.title);
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [offset, setOffset] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  const results = useSearchApplications(query, offset);

  useEffect(() => {
    field.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = input.trim();
    setQuery(q);
    setOffset(0);
    setParams(q && !looksLikeNationalId(q) ? { q } : {}, { replace: true });
  };

  return (
    <main id="main" className="page">
      <h1>{t.search.title}</h1>
      <search className="search-form">
        <form onSubmit={submit}>
          <label htmlFor="search-q">
            {t.search.label} <Kbd>/</Kbd>
          </label>
          <div className="search-row">
            <input
              id="search-q"
              className="search-input"
              ref={field}
              type="search"
              autoComplete="off"
              value={input}
              onChange={(event) => setInput(event.target.value)}
            />
            <button type="submit" className="primary">
              {t.search.button}
            </button>
          </div>
        </form>
      </search>
      {query && query.length < minimumQueryLength ? (
        <p className="hint">{t.search.atLeast(minimumQueryLength)}</p>
      ) : null}
      {results.isFetching && !results.data ? <Loading label={t.search.searching} /> : null}
      {results.isError ? <ErrorMessage title={t.search.failed} error={results.error} /> : null}
      {results.data && results.data.Items.length === 0 ? <Empty>{t.search.noMatch}</Empty> : null}
      {results.data && results.data.Items.length > 0 ? (
        <>
          <table className="data-table">
            <caption>{t.search.results}</caption>
            <thead>
              <tr>
                <th scope="col">{t.search.columns.applicant}</th>
                <th scope="col">{t.search.columns.application}</th>
                <th scope="col">{t.search.columns.product}</th>
                <th scope="col">{t.search.columns.status}</th>
                <th scope="col">{t.search.columns.country}</th>
                <th scope="col">{t.search.columns.brand}</th>
                <th scope="col">{t.search.columns.created}</th>
              </tr>
            </thead>
            <tbody>
              {results.data.Items.map((hit) => (
                <tr key={hit.LoanApplicationID}>
                  <td>
                    <Link to={`/applications/${hit.LoanApplicationID}`}>
                      {hit.ApplicantName ?? t.common.applicant}
                    </Link>
                  </td>
                  <td>{hit.HumanReadableID}</td>
                  <td>{t.products[hit.Product] ?? hit.Product}</td>
                  <td>
                    <StatusBadge code={hit.Status} />
                  </td>
                  <td>{t.countries[hit.Country] ?? hit.Country}</td>
                  <td>{brandName(hit.Brand)}</td>
                  <td>{fmt.dateTime(hit.CreatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager total={results.data.Total} offset={offset} onChange={setOffset} />
        </>
      ) : null}
    </main>
  );
}
