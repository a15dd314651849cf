#!/usr/bin/env node
// Application statuses by name (issue 32), run by `npm run lint`. §4's numbered statuses, their groups and
// the predicates over them live in packages/domain/src/statuses.ts (and the transitions in
// status-machine.ts); code elsewhere asks those (`statusGroups.Approved`, `isSubmittedStatus(status)`,
// `applicationStatus.offerAccepted`) instead of repeating three-digit codes, so a group changes in one place.
//
// Rejected, outside those two files and tests, where the number is one of §4's application status codes:
//   1. a comparison with a status: `application.status === 500`, `status >= 160`, `to !== 210`,
//      `Number(payload.To) === 160`, `knownStatus < 700`, in SQL `to_status = 160`;
//   2. a list of status codes: `[400, 410]`, `new Set([100, 155, 161])`, `onlyFrom: [200]`;
//   3. a `case 160:` of a switch over a status.
// Not status usage, so not rejected: HTTP codes (`reply.code(404)`, `statusCode: 409`, `response.status >= 500`,
// response schema keys `200:`), a status a transition moves to (`to: 410`: §4's code is its name, convention 13),
// pixel sizes, years, timeouts. A bare `status` compared with a number HTTP also uses (200, 400, 500 …) is
// taken for HTTP, and a bare `code` is not checked (HTTP, finer and decline codes too): false positives are
// kept out rather than in.
//
// `node scripts/check-status-literals.mjs [root]` prints each literal and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// bench/ and e2e/ make their records like tests do: not checked.
const ROOTS = ['apps', 'packages'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'dist-prerender', '.data', 'coverage']);
const STATUS_FILES = new Set(['packages/domain/src/statuses.ts', 'packages/domain/src/status-machine.ts']);

/** §4's application status codes, read from statuses.ts so the check never disagrees with it. */
export function applicationStatusCodes(root) {
  const file = path.join(root, 'packages/domain/src/statuses.ts');
  if (!existsSync(file)) return new Set();
  const text = readFileSync(file, 'utf8');
  const table = text.slice(text.indexOf('applicationStatuses = ['), text.indexOf('] as const'));
  return new Set([...table.matchAll(/code:\s*(\d{3})\b/g)].map((match) => Number(match[1])));
}

// Codes HTTP defines too: compared with a bare `status` they are more likely an HTTP status.
const HTTP_CODES = new Set([
  100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 307,
  308, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421,
  422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
]);
// A file that makes or answers HTTP calls.
const SPEAKS_HTTP = /\bfetch\(|\.inject\(|from\s+['"]node:https?['"]|\breply\.(code|status)\(|\bstatusCode\b/;
// A `.status` read from one of these is an HTTP answer's.
const HTTP_RECEIVER = /^(response|answer|error|err|res|reply|result|http\w*|fetched|sent)$/i;

/** Whether `file` is test code: a test, a test helper folder, or a module that imports vitest. */
export function isTestFile(file, text) {
  if (/\.(test|spec)\.tsx?$|\.e2e\.ts$|\.bench\.ts$/.test(file)) return true;
  if (/(^|\/)(test|tests|__tests__)\//.test(file) || /\/test-fixtures\.ts$/.test(file)) return true;
  return /from\s+['"]vitest['"]/.test(text);
}

/** The source with comments blanked (strings kept: SQL in template literals is checked too), lines kept. */
export function withoutComments(text) {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    const next = text[index + 1];
    if (char === '/' && next === '/') {
      while (index < text.length && text[index] !== '\n') {
        out += ' ';
        index++;
      }
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(index, stop).replace(/[^\n]/g, ' ');
      index = stop;
    } else if (char === "'" || char === '"' || char === '`') {
      let end = index + 1;
      while (end < text.length && text[end] !== char) end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

const OPERATOR = '(?:===|!==|==|!=|<=|>=|<(?!<)|>(?!>))';
const CHAIN = '(?:Number\\(\\s*)?((?:[A-Za-z_$][\\w$]*\\??\\.)*[A-Za-z_$][\\w$]*)\\)?';

/** Whether `operand` (a name or property chain) holds an application status, compared with `code`. */
function isStatusOperand(operand, code, speaksHttp) {
  const parts = operand.split(/\??\./);
  const last = parts.at(-1);
  const receiver = parts.at(-2);
  if (receiver !== undefined && HTTP_RECEIVER.test(receiver)) return false;
  // In a file that makes or answers HTTP calls, `x.status === 400` is most likely the answer's.
  if (receiver !== undefined && speaksHttp && HTTP_CODES.has(code)) return false;
  if (/^http/i.test(last)) return false;
  // A bare `code` means too many things (HTTP, finer codes, a lender's decline code) to be checked.
  if (receiver === undefined && last === 'status') return !HTTP_CODES.has(code);
  if (last === 'status' || last === 'Status') return true;
  if (/^(to|from|To|From)$/.test(last)) return true;
  return /^[a-z][\w$]*Status$/.test(last) && last !== 'statusCode';
}

/** Each status literal of one file: { line, text, rule }. */
export function statusLiterals(text, codes) {
  const source = withoutComments(text);
  const found = [];
  const at = (index, literal, rule) =>
    found.push({ line: source.slice(0, index).split('\n').length, text: literal, rule });
  const isCode = (value) => codes.has(Number(value));
  const speaksHttp = SPEAKS_HTTP.test(source);

  for (const match of source.matchAll(new RegExp(`${CHAIN}\\s*${OPERATOR}\\s*(\\d{3})\\b(?!\\.)`, 'g'))) {
    if (isCode(match[2]) && isStatusOperand(match[1], Number(match[2]), speaksHttp))
      at(match.index, match[0], 'compares a status with a code');
  }
  for (const match of source.matchAll(new RegExp(`\\b(\\d{3})\\s*${OPERATOR}\\s*${CHAIN}`, 'g'))) {
    if (isCode(match[1]) && isStatusOperand(match[2], Number(match[1]), speaksHttp))
      at(match.index, match[0], 'compares a status with a code');
  }
  // SQL in template literals: `to_status = 160`, `status <> 400`, `status BETWEEN 300 AND 310`,
  // `status IN (400, 410)`.
  for (const match of source.matchAll(
    /\b(?:\w+\.)?(?:to_|from_)?status\s*(?:=|<>|!=|<=|>=|<|>)(?!=)\s*(\d{3})\b|\b(?:\w+\.)?(?:to_|from_)?status\s+BETWEEN\s+(\d{3})\s+AND\s+(\d{3})\b|\b(?:\w+\.)?(?:to_|from_)?status\s+(?:NOT\s+)?IN\s*\(\s*(\d{3}(?:\s*,\s*\d{3})*)\s*\)/gi,
  )) {
    const literals = [match[1], match[2], match[3], ...(match[4]?.split(/\s*,\s*/) ?? [])].filter(Boolean);
    if (literals.some(isCode) && insideTemplate(source, match.index))
      at(match.index, match[0], 'compares a status with a code (SQL)');
  }
  // Lists: every element a status code; two or more, or one where the list is said to be of statuses.
  for (const match of source.matchAll(/\[\s*(\d{3}(?:\s*,\s*\d{3})*)\s*,?\s*\]/g)) {
    const values = match[1].split(/\s*,\s*/);
    if (!values.every(isCode)) continue;
    const before = source.slice(Math.max(0, match.index - 40), match.index);
    const saysStatuses = /(status|statuses|onlyFrom|from)\w*\s*[:=(,]\s*$|\bstep\(\s*$/i.test(before);
    if (values.length >= 2 || saysStatuses) at(match.index, match[0], 'lists status codes');
  }
  for (const match of source.matchAll(/\bswitch\s*\(([^)]*)\)\s*\{/g)) {
    const subject = match[1].trim().replace(/^Number\(|\)$/g, '');
    if (!/status|Status|^to$|^from$/.test(subject)) continue;
    const body = source.slice(match.index, blockEnd(source, match.index + match[0].length - 1));
    for (const kase of body.matchAll(/\bcase\s+(\d{3})\s*:/g)) {
      if (isCode(kase[1])) at(match.index + kase.index, kase[0], 'a case of a switch over a status');
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Whether `index` is inside a template literal (SQL is written in `sql\`…\``). */
function insideTemplate(source, index) {
  let inside = false;
  for (let at = 0; at < index; at++) {
    const char = source[at];
    if (char === '\\') at++;
    else if (char === '`') inside = !inside;
  }
  return inside;
}

/** The index just past the `}` closing the block that opens at `open`. */
function blockEnd(source, open) {
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    if (source[at] === '{') depth++;
    else if (source[at] === '}' && --depth === 0) return at + 1;
  }
  return source.length;
}

function listFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const files = [];
  for (const entry of entries) {
    if (SKIP.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...listFiles(full));
    else if (SOURCE.test(entry)) files.push(full);
  }
  return files;
}

// Literals in files being changed on another branch. Each entry must still occur: once it is gone the
// check fails until the entry is deleted, so none outlives its fix.
export const pendingRemovals = [];

export function checkRepository(root, pending = pendingRemovals) {
  const codes = applicationStatusCodes(root);
  const violations = [];
  const seen = new Set();
  for (const file of ROOTS.flatMap((dir) => listFiles(path.join(root, dir)))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (STATUS_FILES.has(relative)) continue;
    const text = readFileSync(file, 'utf8');
    if (isTestFile(relative, text)) continue;
    for (const literal of statusLiterals(text, codes)) {
      const known = pending.find((entry) => entry.file === relative && entry.text === literal.text);
      if (known) seen.add(known);
      else violations.push({ file: relative, ...literal });
    }
  }
  for (const entry of pending) {
    if (!seen.has(entry) && existsSync(path.join(root, entry.file)))
      violations.push({ ...entry, line: 0, rule: 'gone: delete it from pendingRemovals' });
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkRepository(root);
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.text}  — ${v.rule}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} application status code(s) written as numbers: use the groups, predicates and names of packages/domain/src/statuses.ts.`,
    );
    process.exit(1);
  }
  console.log('status literals: ok');
}
