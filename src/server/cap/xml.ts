/**
 * A small XML writer for the CAP messages and the Atom feed: elements and text only (no mixed
 * content, no namespaces beyond an attribute), every text and attribute value escaped here, so
 * no caller ever writes markup by hand. A dependency would bring a parser and a DOM we never read.
 */

/** An element: its name, its attributes, and its text or child elements (in order). */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  content: string | readonly (XmlElement | undefined)[];
}

/**
 * Characters XML 1.0 cannot carry at all, even escaped: C0 controls bar tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. A site name or a provider's alert title
 * holding one is written without it rather than making the whole document unreadable.
 */
const forbidden =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute value: the five markup characters escaped. */
export function escapeXml(text: string): string {
  return text.replace(forbidden, '').replace(/[&<>"']/g, (char) => entities[char] as string);
}

/** An element, leaving out children given as undefined (optional elements not present). */
export function element(
  name: string,
  content: XmlElement['content'],
  attributes?: Record<string, string>,
): XmlElement {
  return { name, content, ...(attributes ? { attributes } : {}) };
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  if (typeof node.content === 'string') {
    out.push(`${indent}<${node.name}${attributes}>${escapeXml(node.content)}</${node.name}>`);
    return;
  }
  const children = node.content.filter((child): child is XmlElement => child !== undefined);
  if (children.length === 0) {
    out.push(`${indent}<${node.name}${attributes}/>`);
    return;
  }
  out.push(`${indent}<${node.name}${attributes}>`);
  for (const child of children) write(child, depth + 1, out);
  out.push(`${indent}</${node.name}>`);
}

/** A whole document: the declaration, then the root element, indented, ending in a newline. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
