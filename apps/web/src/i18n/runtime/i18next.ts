// The part of i18next the applicant app uses, ≈ 1 kB gzip instead of ≈ 14 kB (issue 40, ADR 0073). Vite
// resolves `i18next` here for the build and the tests (apps/web/vite.config.ts), so both run this code;
// the types stay i18next's own. What is kept, as i18next does it with this app's options (one language, one
// namespace, no fallback language, escapeValue false): keys by `.` (a key may itself hold a `.`), plurals
// by Intl.PluralRules as `key_one` / `key_other`, `{{name}}` interpolation (a missing value is empty),
// `count`, `defaultValue`, `returnObjects`, a missing key answered with the key. Nothing else: a feature
// needing more (nesting `$t()`, formats in `{{x, number}}`, context) adds it here with a test
// (i18next.test.ts), or the alias goes.

type Tree = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; defaultValue?: string; returnObjects?: boolean };

interface InitOptions {
  lng: string;
  resources?: Record<string, Record<string, Tree>>;
}

interface Plugin {
  type: string;
  init?: (instance: SmallI18n) => void;
}

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a `.` path; where a segment is missing, longer segments joined by `.` are tried. */
function find(tree: unknown, parts: string[]): unknown {
  if (parts.length === 0) return tree;
  if (!isTree(tree)) return undefined;
  for (let end = 1; end <= parts.length; end++) {
    const key = parts.slice(0, end).join('.');
    if (key in tree) {
      const found = find(tree[key], parts.slice(end));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function merge(target: Tree, source: Tree, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isTree(existing) && isTree(value)) merge(existing, value, overwrite);
    else if (overwrite || existing === undefined)
      target[key] = isTree(value) ? structuredClone(value) : value;
  }
}

const placeholder = /\{\{(.+?)\}\}/g;

class SmallI18n {
  language = '';
  isInitialized = false;
  options: InitOptions = { lng: '' };
  private store: Record<string, Record<string, Tree>> = {};
  private plurals: Intl.PluralRules | undefined;

  use(plugin: Plugin): this {
    plugin.init?.(this);
    return this;
  }

  init(options: InitOptions): this {
    this.options = options;
    this.language = options.lng;
    this.store = {};
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, tree] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, tree, true, true);
    }
    this.isInitialized = true;
    return this;
  }

  private tree(lng = this.language, ns = 'translation'): Tree | undefined {
    return this.store[lng]?.[ns];
  }

  getResource(lng: string, ns: string, key: string): unknown {
    return find(this.tree(lng, ns), key.split('.'));
  }

  addResourceBundle(lng: string, ns: string, resources: Tree, deep = false, overwrite = false): this {
    this.store[lng] ??= {};
    const byNs = this.store[lng];
    byNs[ns] ??= {};
    const tree = byNs[ns];
    if (deep) merge(tree, resources, overwrite);
    else
      for (const [key, value] of Object.entries(resources))
        if (overwrite || !(key in tree)) tree[key] = value;
    return this;
  }

  exists(key: string, options?: Options): boolean {
    return this.lookup(key, options) !== undefined;
  }

  private lookup(key: string, options?: Options): unknown {
    const parts = key.split('.');
    if (typeof options?.count === 'number') {
      this.plurals ??= new Intl.PluralRules(this.language);
      const last = parts.length - 1;
      const withSuffix = [...parts.slice(0, last), `${parts[last]}_${this.plurals.select(options.count)}`];
      const plural = find(this.tree(), withSuffix);
      if (plural !== undefined) return plural;
    }
    return find(this.tree(), parts);
  }

  // `any` as i18next's own TFunction gives callers a string, or the object with returnObjects.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  t = (key: string, options?: Options): any => {
    const found = this.lookup(key, options);
    if (found === undefined) return interpolate(options?.defaultValue ?? key, options);
    if (typeof found === 'string') return interpolate(found, options);
    if (options?.returnObjects) return found;
    return `key '${key} (${this.language})' returned an object instead of string.`;
  };
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(placeholder, (_match, name: string) => {
    const value = find(options, name.trim().split('.'));
    return value === undefined || value === null ? '' : String(value);
  });
}

export type { SmallI18n as i18n };

const i18next = {
  createInstance: () => new SmallI18n(),
};

export default i18next;
