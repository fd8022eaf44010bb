import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

// Every PDF the product makes starts here, so every one embeds the same Unicode font (DejaVu
// Sans Condensed, from the dejavu-fonts-ttf package: about as wide as Helvetica, so tables and
// wrapping stay as they were). pdfkit's built-in Helvetica knows only WinAnsi: Ω, ≥, Ł, ś or ğ
// came out as garbage. pdfkit (fontkit) embeds only the glyphs a document uses (a subset).

/** The names to pass to `doc.font()`. */
export const FONT = {
  regular: 'Regular',
  bold: 'Bold',
  italic: 'Italic',
} as const;
type Face = keyof typeof FONT;
const FACES = Object.keys(FONT) as Face[];

const FILES: Record<Face, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
};

/**
 * The font files, read once. Resolved through node_modules (not relative to this source file),
 * so the esbuild bundle in dist/ finds them just as the sources under tsx and vitest do.
 */
function fontFile(face: Face): Buffer {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return readFileSync(join(dir, FILES[face]));
}

// The parts of pdfkit that let documents share a parsed font. Parsing the font's layout tables
// (kerning, ligatures) on a document's first line costs a few hundred milliseconds; parsed once
// per process a report renders about as fast as with Helvetica. Every document still gets its own
// pdfkit font object and so its own subset; the fontkit font only reads its tables, synchronously.
type FontkitFont = { postscriptName: string };
type PdfFont = { font: FontkitFont; layoutCache?: Record<string, unknown> };
type DocumentInternals = {
  _font: PdfFont;
  _fontCount: number;
  _fontFamilies: Record<string, PdfFont>;
};
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: FontkitFont, id: string) => PdfFont;
/**
 * pdfkit lays text out word by word and keeps each word's glyphs in a cache of its font object; the
 * documents share that cache too, started anew once it holds many words (a bound on memory).
 */
class WordCache {
  static readonly MAX_WORDS = 20_000;
  private words: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  /** The cache for a new document. */
  use(): Record<string, unknown> {
    const count = Object.keys(this.words).length;
    if (count > WordCache.MAX_WORDS) this.words = Object.create(null) as Record<string, unknown>;
    return this.words;
  }
}
let parsed:
  { EmbeddedFont: EmbeddedFontClass; fonts: Record<Face, FontkitFont>; words: Record<Face, WordCache> } | undefined;

/** The fonts, parsed once per process: pdfkit opens the files the documented way in a scratch document. */
function parseFonts(): NonNullable<typeof parsed> {
  if (!parsed) {
    const scratch = new PDFDocument();
    const internals = scratch as unknown as DocumentInternals;
    const fonts = {} as Record<Face, FontkitFont>;
    for (const face of FACES) {
      scratch.registerFont(FONT[face], fontFile(face));
      scratch.font(FONT[face]);
      fonts[face] = internals._font.font;
    }
    const EmbeddedFont = internals._font.constructor as EmbeddedFontClass;
    parsed = {
      EmbeddedFont,
      fonts,
      words: { regular: new WordCache(), bold: new WordCache(), italic: new WordCache() },
    };
  }
  return parsed;
}

/** A pdfkit document with the product's font registered (as FONT.regular/bold/italic) and set. */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const { EmbeddedFont, fonts, words } = parseFonts();
  const doc = new PDFDocument(options);
  const internals = doc as unknown as DocumentInternals;
  for (const face of FACES) {
    // What doc.font(name) finds first: this document's own font object (and so its own subset).
    const font = new EmbeddedFont(doc, fonts[face], `F${++internals._fontCount}`);
    if (font.layoutCache) font.layoutCache = words[face].use();
    internals._fontFamilies[FONT[face]] = font;
  }
  return doc.font(FONT.regular);
}

/*
 * Texts are wrapped, never cut: a legal record prints every identifier and name whole. pdfkit
 * breaks a text at spaces and after hyphens, and a word longer than the width between any two
 * characters (an inventory number without a hyphen), so a cell grows in height instead.
 */

/** The height of `text` at `width` in the current font and size: one line when it fits. */
export function textHeight(doc: PDFKit.PDFDocument, text: string, width: number): number {
  if (!text.includes('\n') && doc.widthOfString(text) <= width) return doc.currentLineHeight(true);
  return doc.heightOfString(text, { width });
}

/**
 * Draws `text` at (x, y), wrapped within `width` (the caller has made room for `textHeight`):
 * a text that fits is one line that never wraps by rounding.
 */
export function wrappedText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { align?: 'left' | 'center' | 'right' } = {},
): void {
  const fits = !text.includes('\n') && doc.widthOfString(text) <= width;
  doc.text(text, x, y, { width, align: options.align ?? 'left', lineBreak: !fits });
}
