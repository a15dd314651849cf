#!/usr/bin/env node
// No source file over 500 lines (issue 32), run by `npm run lint`. A file that long holds several things
// that each deserve a name; split it along the seams it already has. Tests (`*.test.ts(x)`, `*.e2e.ts`) are
// not counted: a long test file is one set-up shared by its cases.
//
// The only exceptions are declared data (a message catalogue, the lender panel), each listed with its reason
// in scripts/file-size-exceptions.json. An entry whose file is no longer over the limit (or gone) fails the
// check too, so none outlives its reason.
//
// `node scripts/check-file-size.mjs [root]` prints each file over the limit and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 500;
export const EXCEPTIONS_FILE = 'scripts/file-size-exceptions.json';

const ROOTS = ['apps', 'packages', 'scripts', 'bench', 'e2e'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.test\.tsx?$|\.e2e\.ts$/;
// Installed, built or generated, never written by hand (as .gitignore).
const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-prerender',
  '.data',
  'coverage',
  '.artifacts',
  'screenshots',
]);

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
    else if (SOURCE.test(entry) && !TEST.test(entry)) files.push(full);
  }
  return files;
}

/** Lines as `wc -l` and an editor count them: a last line without its newline still counts. */
export function lineCount(text) {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** The exceptions file: `{ "<repository-relative path>": "<why it may be longer>" }`. */
export function readExceptions(root) {
  const file = path.join(root, EXCEPTIONS_FILE);
  if (!existsSync(file)) return { exceptions: {}, problems: [] };
  const exceptions = JSON.parse(readFileSync(file, 'utf8'));
  const problems = [];
  for (const [entry, reason] of Object.entries(exceptions)) {
    if (typeof reason !== 'string' || reason.trim().length === 0)
      problems.push({ file: entry, problem: `${EXCEPTIONS_FILE} gives no reason for it` });
  }
  return { exceptions, problems };
}

export function checkRepository(root) {
  const { exceptions, problems } = readExceptions(root);
  const counted = new Map();
  for (const file of ROOTS.flatMap((dir) => listFiles(path.join(root, dir)))) {
    counted.set(path.relative(root, file).split(path.sep).join('/'), lineCount(readFileSync(file, 'utf8')));
  }
  const violations = [...problems];
  for (const [file, lines] of counted) {
    if (lines > MAX_LINES && !(file in exceptions))
      violations.push({ file, problem: `${lines} lines, over ${MAX_LINES}: split it along its seams` });
  }
  for (const file of Object.keys(exceptions)) {
    const lines = counted.get(file);
    if (lines === undefined)
      violations.push({ file, problem: `listed in ${EXCEPTIONS_FILE} but not a counted source file` });
    else if (lines <= MAX_LINES)
      violations.push({
        file,
        problem: `${lines} lines, no longer over ${MAX_LINES}: delete its entry from ${EXCEPTIONS_FILE}`,
      });
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkRepository(root);
  for (const v of violations) console.error(`${v.file}  — ${v.problem}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} file size problem(s). Only declared data may be longer, listed with its reason in ${EXCEPTIONS_FILE}.`,
    );
    process.exit(1);
  }
  console.log('file sizes: ok');
}
