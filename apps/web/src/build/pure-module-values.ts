import { type Plugin, parseAst } from 'vite';

// A module-level value built by a call (`export const xSchema = z.object({ a: aSchema.optional() })`, a table
// `new Map(rows.map(…))`) looks like a side effect to the bundler: it cannot know that the call only
// builds a value. So a page that reads one export of a module carried every other value of it, and every
// call inside them: `/* @__PURE__ */` on the outer call, as the domain writes it, does not cover its
// arguments, and a table built with `.map()` has no mark at all. The domain package promises that its
// modules only define values ("sideEffects": false, ADR 0082); this plugin holds its modules to that, one
// declaration at a time: every call of a module-level declaration's initialiser is marked pure, so the
// build keeps the values a page reads and drops the rest (issue 40, ADR 0086).
//
// Only what a declaration's initialiser runs at load is marked: not a module-level statement (a call made
// for its effect stays), not a function's or class's body (run later, if at all). A declaration whose value
// nobody reads is dropped whole: a domain module must not declare a value for the effect of building it.

const PURE = '/* @__PURE__ */ ';

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** The start of every call and `new` that evaluating `node` runs, outside function and class bodies. */
function callStarts(node: AstNode, starts: Set<number>): void {
  if (/Function|Class/.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (Array.isArray(value)) for (const item of value) isNode(item) && callStarts(item, starts);
    else if (isNode(value)) callStarts(value, starts);
  }
}

/** Where `code` (JavaScript) gets a pure mark: the calls its module-level declarations' initialisers run. */
export function pureMarkPositions(code: string): number[] {
  const starts = new Set<number>();
  for (const statement of parseAst(code).body as unknown as AstNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
        ? statement.declaration
        : statement;
    if (declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      if (isNode(declarator.init)) callStarts(declarator.init, starts);
    }
  }
  // A chain (`z.string().min(1)`) starts each of its calls at one place; one mark covers it.
  return [...starts].sort((a, b) => a - b);
}

/** `code` with the marks, and a source map back to it (each token where it was). */
export function markModuleValuesPure(code: string): { code: string; map: SourceMapV3 } | null {
  const positions = pureMarkPositions(code);
  if (positions.length === 0) return null;
  let marked = '';
  let from = 0;
  for (const position of positions) {
    marked += code.slice(from, position) + PURE;
    from = position;
  }
  marked += code.slice(from);
  return { code: marked, map: shiftMap(code, positions, PURE.length) };
}

export interface SourceMapV3 {
  version: 3;
  sources: string[];
  names: string[];
  mappings: string;
}

/** Identity mappings for every token of `code`, each moved right by the marks inserted before it. */
function shiftMap(code: string, positions: number[], inserted: number): SourceMapV3 {
  const lines: string[] = [];
  let next = 0; // index into positions
  let lineStart = 0;
  let previousLine = 0;
  let previousColumn = 0;
  code.split('\n').forEach((line, lineIndex) => {
    const segments: string[] = [];
    let generatedColumn = 0;
    let shift = 0;
    for (const token of line.matchAll(/[\w$]+|\S/g)) {
      const column = token.index;
      while (next < positions.length && positions[next]! <= lineStart + column) {
        shift += inserted;
        next += 1;
      }
      const generated = column + shift;
      segments.push(
        vlq(generated - generatedColumn) +
          vlq(0) +
          vlq(lineIndex - previousLine) +
          vlq(column - previousColumn),
      );
      generatedColumn = generated;
      previousLine = lineIndex;
      previousColumn = column;
    }
    lines.push(segments.join(','));
    lineStart += line.length + 1;
  });
  return { version: 3, sources: [''], names: [], mappings: lines.join(';') };
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += base64[digit];
  } while (rest > 0);
  return out;
}

/** The plugin: marks the module values of the files `include` matches (the domain package), in builds. */
export function pureModuleValues(include: RegExp): Plugin {
  return {
    name: 'nordloan-pure-module-values',
    apply: 'build',
    // After TypeScript is stripped: the marks go into the JavaScript the bundler reads.
    enforce: 'post',
    transform(code, id) {
      if (!include.test(id) || id.includes('/node_modules/')) return null;
      return markModuleValuesPure(code);
    },
  };
}
