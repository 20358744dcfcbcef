import { ImageRejectedError } from './imageRejectedError';

/**
 * Elements that run code or embed other documents. Matched on the local name (any
 * namespace prefix), case-insensitively: `handler` and `listener` are SVG Tiny 1.2's
 * scripting elements; the rest embed HTML, frames or plug-ins.
 */
const FORBIDDEN_ELEMENTS = new Set([
  'script', 'foreignobject', 'iframe', 'frame', 'frameset', 'embed', 'object', 'applet', 'handler', 'listener', 'base',
]);

/** URL schemes that run code or load an HTML document, once whitespace is stripped. */
const DANGEROUS_VALUES = ['javascript:', 'vbscript:', 'livescript:', 'data:text/html', 'data:application/xhtml', 'data:text/xml', 'data:application/xml'];

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML name: anything up to whitespace or markup punctuation (we only need to delimit it). */
const NAME = /[^\s/>=<"'!?&]+/y;
const WHITESPACE = /[\s]*/y;

const unsafe = (what: string) => new ImageRejectedError('unsafe-svg', `The SVG contains ${what}, which is not allowed in a floor plan image.`);

function localName(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf(':') + 1).toLowerCase();
}

/**
 * Resolves character and predefined entity references. Any other named entity is an
 * error: without DTD entity declarations (which we refuse) an XML parser would fail too.
 */
function decodeEntities(text: string, malformed: (why: string) => ImageRejectedError): string {
  return text.replace(/&([^;&\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw malformed('a bare "&"');
    if (body.startsWith('#x') || body.startsWith('#X')) {
      const code = Number.parseInt(body.slice(2), 16);
      if (!/^#[xX][0-9a-fA-F]+$/.test(body) || code > 0x10ffff) throw malformed(`a bad character reference &${body};`);
      return String.fromCodePoint(code);
    }
    if (body.startsWith('#')) {
      const code = Number.parseInt(body.slice(1), 10);
      if (!/^#[0-9]+$/.test(body) || code > 0x10ffff) throw malformed(`a bad character reference &${body};`);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED_ENTITIES[body];
    if (value === undefined) throw malformed(`an undefined entity &${body};`);
    return value;
  });
}

/** Resolves CSS escapes (`\6a`, `\j`) so `url(j\61vascript:...)` is seen for what it is. */
function decodeCssEscapes(text: string): string {
  return text
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_m, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/\\(.)/gs, '$1');
}

/** Throws when a decoded value, with all whitespace and control characters removed, names a code-running URL. */
function checkValue(value: string, where: string): void {
  // Browsers drop these inside URLs, so must we.
  const squeezed = value.replace(/[\u0000-\u0020\u007f-\u00a0\u2028\u2029\ufeff]/g, '').toLowerCase();
  for (const scheme of DANGEROUS_VALUES) {
    if (squeezed.includes(scheme)) throw unsafe(`a "${scheme}" URL in ${where}`);
  }
}

/**
 * Checks that `text` is a well-formed XML document whose root element is `svg` and that
 * nothing in it can run code when a browser opens it: no entity declarations (XXE,
 * billion laughs), no scripting or embedding elements, no `on*` event handler
 * attributes (also not set through SMIL `attributeName`), no `javascript:`-style or
 * HTML `data:` URLs in any attribute or style sheet (entities, CSS escapes and
 * whitespace are resolved first), no `xml-stylesheet` processing instruction (XSLT),
 * and no declared encoding other than UTF-8 (the text was decoded as UTF-8; another
 * encoding could make a browser read different markup: 'unsupported-type').
 *
 * It is a strict tokenizer, not a lenient one: anything it cannot parse is refused,
 * so its reading of the markup cannot differ from a browser's XML parser.
 *
 * @throws ImageRejectedError 'not-an-image' when the root element is not `svg` or the
 * markup breaks before it; 'corrupt' when it breaks after; 'unsafe-svg' as above.
 */
export function assertSafeSvg(text: string): void {
  if (/<!ENTITY/i.test(text)) throw unsafe('an entity declaration (<!ENTITY>)');
  new SvgScanner(text).scan();
}

/** One pass over the markup; `pos` is the index of the next character to read. */
class SvgScanner {
  private pos: number;
  private readonly start: number;
  private rootSeen = false;
  private rootClosed = false;
  private readonly stack: string[] = [];
  private styleDepth = 0;

  constructor(private readonly text: string) {
    this.start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.pos = this.start;
  }

  scan(): void {
    const { text } = this;
    while (this.pos < text.length) {
      if (text[this.pos] !== '<') this.characterData();
      else if (text.startsWith('<!--', this.pos)) this.pos = this.indexOf('-->', this.pos + 4) + 3;
      else if (text.startsWith('<![CDATA[', this.pos)) this.cdata();
      else if (text.startsWith('<?', this.pos)) this.processingInstruction();
      else if (text.startsWith('<!DOCTYPE', this.pos)) this.doctype();
      else if (text.startsWith('</', this.pos)) this.endTag();
      else this.startTag();
    }
    if (!this.rootSeen) throw this.malformed('no root element');
    if (!this.rootClosed) throw this.malformed('an element that is never closed');
  }

  private readonly malformed = (why: string): ImageRejectedError =>
    this.rootSeen
      ? new ImageRejectedError('corrupt', `The SVG is not well-formed XML (${why} near character ${this.pos}).`)
      : new ImageRejectedError('not-an-image', 'The file is not an image: it is text or markup without an <svg> root element.');

  private get outsideRoot(): boolean {
    return !this.rootSeen || this.rootClosed;
  }

  private indexOf(token: string, from: number): number {
    const end = this.text.indexOf(token, from);
    if (end < 0) throw this.malformed(`an unterminated construct, missing "${token}"`);
    return end;
  }

  private readName(): string {
    NAME.lastIndex = this.pos;
    const match = NAME.exec(this.text);
    if (!match) throw this.malformed('a missing name');
    this.pos = NAME.lastIndex;
    return match[0];
  }

  /** Skips whitespace; returns true when it skipped some. */
  private skipWhitespace(): boolean {
    WHITESPACE.lastIndex = this.pos;
    WHITESPACE.exec(this.text);
    const skipped = WHITESPACE.lastIndex > this.pos;
    this.pos = WHITESPACE.lastIndex;
    return skipped;
  }

  private characterData(): void {
    const next = this.text.indexOf('<', this.pos);
    const end = next < 0 ? this.text.length : next;
    const chunk = this.text.slice(this.pos, end);
    if (this.outsideRoot && chunk.trim() !== '') throw this.malformed('text outside the root element');
    const decoded = decodeEntities(chunk, this.malformed);
    if (this.styleDepth > 0) checkValue(decodeCssEscapes(decoded), 'a style sheet');
    this.pos = end;
  }

  private cdata(): void {
    if (this.outsideRoot) throw this.malformed('CDATA outside the root element');
    const end = this.indexOf(']]>', this.pos + 9);
    if (this.styleDepth > 0) checkValue(decodeCssEscapes(this.text.slice(this.pos + 9, end)), 'a style sheet');
    this.pos = end + 3;
  }

  private processingInstruction(): void {
    const end = this.indexOf('?>', this.pos + 2);
    const instruction = this.text.slice(this.pos + 2, end);
    const target = instruction.split(/\s/, 1)[0] ?? '';
    if (target.toLowerCase() === 'xml-stylesheet') throw unsafe('a style sheet processing instruction (<?xml-stylesheet?>)');
    if (target.toLowerCase() === 'xml') {
      if (this.pos !== this.start) throw this.malformed('an XML declaration that is not at the start');
      const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(instruction)?.[1]?.toLowerCase();
      if (encoding !== undefined && !['utf-8', 'utf8', 'us-ascii', 'ascii'].includes(encoding)) {
        throw new ImageRejectedError('unsupported-type', `SVG files must be UTF-8 encoded, not ${encoding}.`);
      }
    }
    this.pos = end + 2;
  }

  /** Skips a DOCTYPE: quoted ids and an optional internal subset in brackets. */
  private doctype(): void {
    if (this.rootSeen) throw this.malformed('a DOCTYPE inside the document');
    const { text } = this;
    let pos = this.pos + 9;
    let inSubset = false;
    while (pos < text.length) {
      const c = text[pos];
      if (c === '"' || c === "'") {
        pos = this.indexOf(c, pos + 1) + 1;
        continue;
      }
      if (c === '[') inSubset = true;
      else if (c === ']') inSubset = false;
      else if (c === '>' && !inSubset) {
        this.pos = pos + 1;
        return;
      }
      pos++;
    }
    throw this.malformed('an unterminated DOCTYPE');
  }

  private endTag(): void {
    this.pos += 2;
    const name = this.readName();
    this.skipWhitespace();
    if (this.text[this.pos] !== '>') throw this.malformed('a malformed end tag');
    this.pos++;
    if (this.stack.pop() !== name) throw this.malformed(`a mismatched end tag </${name}>`);
    if (localName(name) === 'style') this.styleDepth--;
    if (this.stack.length === 0) this.rootClosed = true;
  }

  private startTag(): void {
    this.pos++;
    const name = this.readName();
    const element = localName(name);
    if (!this.rootSeen) {
      if (element !== 'svg') throw this.malformed('a root element that is not <svg>');
      this.rootSeen = true;
    } else if (this.rootClosed) {
      throw this.malformed('a second root element');
    }
    if (FORBIDDEN_ELEMENTS.has(element)) throw unsafe(`a <${element}> element`);
    this.attributes(element);
    if (this.text.startsWith('/>', this.pos)) {
      this.pos += 2;
      if (this.stack.length === 0) this.rootClosed = true;
    } else {
      this.pos++;
      this.stack.push(name);
      if (element === 'style') this.styleDepth++;
    }
  }

  /** Reads and checks the attributes of a start tag, stopping at its `>` or `/>`. */
  private attributes(element: string): void {
    const { text } = this;
    const seen = new Set<string>();
    for (;;) {
      const hadSpace = this.skipWhitespace();
      if (text[this.pos] === '>' || text.startsWith('/>', this.pos)) return;
      if (this.pos >= text.length) throw this.malformed('an unterminated start tag');
      if (!hadSpace) throw this.malformed('attributes without whitespace between them');
      const name = this.readName();
      if (seen.has(name)) throw this.malformed(`a repeated attribute ${name}`);
      seen.add(name);
      this.skipWhitespace();
      if (text[this.pos] !== '=') throw this.malformed(`an attribute ${name} without a value`);
      this.pos++;
      this.skipWhitespace();
      const quote = text[this.pos];
      if (quote !== '"' && quote !== "'") throw this.malformed(`an unquoted value for ${name}`);
      const end = this.indexOf(quote, this.pos + 1);
      const raw = text.slice(this.pos + 1, end);
      if (raw.includes('<')) throw this.malformed(`a "<" in the value of ${name}`);
      this.pos = end + 1;
      checkAttribute(element, name, decodeEntities(raw, this.malformed));
    }
  }
}

function checkAttribute(element: string, name: string, value: string): void {
  const attribute = localName(name);
  if (attribute.startsWith('on')) throw unsafe(`an event handler attribute (${name})`);
  if (attribute === 'attributename' && localName(value.trim()).startsWith('on')) {
    throw unsafe(`an animation that sets an event handler (<${element} attributeName="${value}">)`);
  }
  checkValue(attribute === 'style' ? decodeCssEscapes(value) : value, `the ${name} attribute of <${element}>`);
}
