import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { minimumQueryLength, useSearchApplications } from '#src/features/search/api/search-applications.ts';
import { Empty, ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { Pager } from '#src/shared/ui/pager.tsx';
import { StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Search by national id, phone, e-mail or human-readable id. The query is sent as a query parameter of an
// API call only; the page's own address keeps it too, so the broker can go back to the results — except
// for what looks like a national id, which never goes into the address bar or the browser history.

const looksLikeNationalId = (value: string) => /^\d{6}[-+A]?\d{4,5}$/.test(value.replace(/\s/g, ''));

export function SearchPage() {
  useDocumentTitle('Search');
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
      <h1>Search</h1>
      <search className="search-form">
        <form onSubmit={submit}>
          <label htmlFor="search-q">
            National id, phone, e-mail or application number <Kbd>/</Kbd>
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
              Search
            </button>
          </div>
        </form>
      </search>
      {query && query.length < minimumQueryLength ? (
        <p className="hint">Type at least {minimumQueryLength} characters.</p>
      ) : null}
      {results.isFetching && !results.data ? <Loading label="Searching…" /> : null}
      {results.isError ? <ErrorMessage title="Search failed" error={results.error} /> : null}
      {results.data && results.data.Items.length === 0 ? <Empty>No application matches.</Empty> : null}
      {results.data && results.data.Items.length > 0 ? (
        <>
          <table className="data-table">
            <caption>Results</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Applicant</th>
                <th scope="col">Product</th>
                <th scope="col">Status</th>
                <th scope="col">Country</th>
                <th scope="col">Brand</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {results.data.Items.map((hit) => (
                <tr key={hit.LoanApplicationID}>
                  <td>
                    <Link to={`/applications/${hit.LoanApplicationID}`}>
                      {hit.HumanReadableID ?? hit.LoanApplicationID.slice(0, 8)}
                    </Link>
                  </td>
                  <td>{hit.ApplicantName ?? '—'}</td>
                  <td>{hit.Product ?? '—'}</td>
                  <td>
                    <StatusBadge code={hit.Status} />
                  </td>
                  <td>{hit.Country ?? '—'}</td>
                  <td>{hit.Brand ?? '—'}</td>
                  <td>{formatDateTime(hit.CreatedAt)}</td>
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
