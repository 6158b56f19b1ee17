import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README and the guides in docs/ stay honest: every relative link and image points at a file
// that exists (and at a heading that exists, for a #fragment), images stay small enough to keep
// the clone light, and the environment reference names every variable the BFF reads.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docsDir = join(root, 'docs');
const pages = [
  join(root, 'README.md'),
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docsDir, name)),
];
/** Big enough for a 1440×900 screenshot, small enough that nobody commits a raw 1080p capture. */
const maxImageBytes = 400 * 1024;

/** The text outside fenced code blocks, where a `](…)` is code rather than a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** `[text](target)` and `![alt](target)`, without a title; inline code spans left out. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] as string,
  );
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Why a link from `page` to `target` is dead, or undefined when it resolves. */
function deadLink(page: string, target: string): string | undefined {
  const [path = '', fragment] = target.split('#', 2);
  const file = path === '' ? page : resolve(dirname(page), decodeURI(path));
  if (!existsSync(file)) return `${relative(root, file)} does not exist`;
  if (fragment && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(fragment))
    return `${relative(root, file)} has no heading #${fragment}`;
  return undefined;
}

describe('the README and docs/', () => {
  it.each(pages.map((page) => [relative(root, page), page]))(
    '%s: every relative link and image resolves',
    (_name, page) => {
      const dead = linkTargets(readFileSync(page, 'utf8'))
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
        .map((target) => [target, deadLink(page, target)])
        .filter(([, why]) => why !== undefined);
      expect(dead).toEqual([]);
    },
  );

  it('keeps each image under 400 kB', () => {
    const images = readdirSync(join(docsDir, 'images')).map((name) =>
      join(docsDir, 'images', name),
    );
    expect(images.length).toBeGreaterThan(0);
    const large = images
      .filter((image) => statSync(image).size > maxImageBytes)
      .map((image) => `${relative(root, image)}: ${statSync(image).size} bytes`);
    expect(large).toEqual([]);
  });

  it("names every variable of the BFF's configuration in the environment reference", () => {
    const config = readFileSync(join(root, 'src/server/config.ts'), 'utf8');
    const schema = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(config)?.[1] ?? '';
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(40);
    // Named in a row of the reference's tables, not merely somewhere in the prose.
    const rows = readFileSync(join(docsDir, 'deployment.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map((line) => line.split('|')[1] ?? '');
    expect(variables.filter((name) => !rows.some((cell) => cell.includes(`\`${name}\``)))).toEqual(
      [],
    );
  });
});

describe('the link checker', () => {
  it('finds links and images outside code, and GitHub-style heading anchors', () => {
    const page = [
      '# Deployment and sizing',
      '## Health, readiness and failure',
      'See [a](docs/x.md#y) and ![b](images/c.png "title") but not `[c](d.md)`.',
      '```',
      '[e](f.md)',
      '```',
    ].join('\n');
    expect(linkTargets(page)).toEqual(['docs/x.md#y', 'images/c.png']);
    expect([...anchors(page)]).toEqual(['deployment-and-sizing', 'health-readiness-and-failure']);
  });

  it('reports a missing file and a missing heading', () => {
    const readme = join(root, 'README.md');
    expect(deadLink(readme, 'docs/no-such-page.md')).toBe('docs/no-such-page.md does not exist');
    expect(deadLink(readme, 'docs/deployment.md#no-such-heading')).toBe(
      'docs/deployment.md has no heading #no-such-heading',
    );
    expect(deadLink(readme, 'docs/deployment.md#backups')).toBeUndefined();
  });
});
