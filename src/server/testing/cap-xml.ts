import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * CAP 1.2's schema (OASIS, http://docs.oasis-open.org/emergency/cap/v1.2/CAP-v1.2.xsd, as kept
 * unchanged in github.com/IBM/cap resources/CAP-v1.2.xsd, sha256 b7798ef2…e723), and libxml2's
 * validation of a message against it: the errors, none when valid.
 */
const capSchema = readFileSync(
  fileURLToPath(new URL('../cap/CAP-v1.2.xsd', import.meta.url)),
  'utf8',
);

export async function capSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [{ fileName: 'CAP-v1.2.xsd', contents: capSchema }],
  });
  return result.errors.map((error) => error.rawMessage);
}

/** Whether libxml2 reads `xml` as a well-formed document: its errors, none when it does. */
export async function xmlErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    normalization: 'c14n',
  });
  return result.errors.map((error) => error.rawMessage);
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of every `<name>` element of a document already found valid, unescaped. */
export function texts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) =>
    unescape(match[1] ?? ''),
  );
}

/** The text of the first `<name>` element, or undefined. */
export const text = (xml: string, name: string): string | undefined => texts(xml, name)[0];
