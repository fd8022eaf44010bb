import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { openQuestionsText } from './reports';
import { formalAddressIn } from './wording';

/** Vite's (Vitest's) import.meta.glob, typed here: the shared package has no Vite types of its own. */
type Glob = <T>(patterns: string[], options: { eager: true; query?: string; import?: string }) => Record<string, T>;

/** Every module of packages/shared, as loaded: their exported texts are walked below. */
const modules = (import.meta as ImportMeta & { glob: Glob }).glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});

/**
 * Every string in `value`: itself, or inside modules, plain objects and arrays (not schemas or
 * functions).
 */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (
    value !== null &&
    typeof value === 'object' &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value))
  ) {
    for (const [key, v] of Object.entries(value)) yield* strings(v, `${path}.${key}`);
  }
}

describe('wording of the shared Dutch texts', () => {
  it('tells the formal form of address from words that merely contain its letters', () => {
    for (const formal of ['U heeft te veel gemeld.', 'contact met u opgenomen', 'Uw melding:', 'Bekijk uw storingen'])
      expect(formalAddressIn(formal), formal).not.toBeNull();
    for (const fine of ['Uitloggen', 'Nieuw wachtwoord', 'uur', 'Je hebt', 'jouw melding', 'Bouwjaar'])
      expect(formalAddressIn(fine), fine).toBeNull();
  });

  it('address the user with "je", never "u" or "uw"', () => {
    const found: string[] = [];
    let count = 0;
    for (const [file, exports] of Object.entries(modules)) {
      for (const [path, text] of strings(exports, file)) {
        count++;
        const word = formalAddressIn(text);
        if (word) found.push(`${path}: "${word}" in "${text}"`);
      }
    }
    for (const n of [1, 11]) {
      const text = openQuestionsText(n);
      if (formalAddressIn(text)) found.push(`openQuestionsText(${n}): ${text}`);
    }
    // The walk reached the texts (MALFUNCTION_TEXT, REPORT_TEXT, TEXT, MSG...).
    expect(count).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});

/** Every source file of the web app, as text (a test's own strings too: they quote the screens). */
const webSources = (import.meta as ImportMeta & { glob: Glob }).glob<string>(
  ['../../../apps/web/src/**/*.ts', '../../../apps/web/src/**/*.tsx'],
  { eager: true, query: '?raw', import: 'default' },
);

/**
 * Formal texts the web app must keep word for word: those product-spec.md quotes. The spec
 * quotes none today (it says "Weet je zeker dat je ..."); a quoted "u" would go here, with the
 * spec's section as its comment, never a text the app chose itself.
 */
const SPEC_QUOTES: ReadonlySet<string> = new Set<string>([]);

/**
 * The texts of one source file as the TypeScript compiler reads them: string literals, the
 * literal parts of template literals and JSX text, each with its line; import and export paths
 * are no texts.
 */
function textsOf(file: string, source: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const out: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      out.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('wording of the web app', () => {
  it('reads string literals, template literals and JSX text, with their lines', () => {
    const source = [
      "import x from './u';",
      "const a = 'Zodra u klaar bent';",
      'const b = `Welkom ${name}, uw melding`;',
      'const c = <p>',
      '  U heeft mail',
      '</p>;',
    ].join('\n');
    const formal = textsOf('x.tsx', source).filter((t) => formalAddressIn(t.text));
    expect(formal.map((t) => t.line)).toEqual([2, 3, 5]);
  });

  it('addresses the user with "je" in every text of apps/web/src, never "u" or "uw"', () => {
    const found: string[] = [];
    let texts = 0;
    for (const [file, source] of Object.entries(webSources)) {
      for (const { line, text } of textsOf(file, source)) {
        texts++;
        const word = formalAddressIn(text);
        if (word && !SPEC_QUOTES.has(text.trim()))
          found.push(`${file.replace('../../../', '')}:${line}: "${word}" in "${text.trim()}"`);
      }
    }
    // The scan reached the screens (hundreds of files, thousands of texts).
    expect(Object.keys(webSources).length).toBeGreaterThan(200);
    expect(texts).toBeGreaterThan(5000);
    expect(found).toEqual([]);
  });
});
