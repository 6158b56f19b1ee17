import type { OpenApiDocument } from './openapi';

/**
 * `GET /api/docs`: the OpenAPI document as one server-rendered page, readable offline (no
 * script, no CDN, styles inline), so it works under the API's strict Content-Security-Policy.
 */

type Schema = Record<string, unknown>;

interface Operation {
  summary: string;
  description: string;
  tags: string[];
  parameters: {
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: Schema;
  }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** `code` spans for backquoted words, the rest escaped. */
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const prose = (text: string) =>
  inline(text)
    .split(/\n\n/)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('');

const componentPrefix = '#/components/schemas/';
const schemaAnchor = (name: string) => `schema-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** The shared shape a schema refers to, by name. */
const refName = (schema: Schema) =>
  typeof schema.$ref === 'string' && schema.$ref.startsWith(componentPrefix)
    ? schema.$ref.slice(componentPrefix.length)
    : undefined;

const isNull = (schema: Schema) => schema.type === 'null';

/** `X or null` read as X: a null branch says nothing about X's fields. */
function withoutNull(schema: Schema): Schema {
  const branches = schema.anyOf as Schema[] | undefined;
  const kept = branches?.filter((branch) => !isNull(branch));
  return kept?.length === 1 && kept[0] ? kept[0] : schema;
}

/** The branches of a union that are objects, each with the value its discriminating field fixes. */
function variants(schema: Schema): { branch: Schema; when?: [string, string] }[] {
  const branches = ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined)?.filter(
    (branch) => branch.properties,
  );
  if (!branches || branches.length < 2) return [];
  return branches.map((branch) => {
    const fixed = Object.entries(branch.properties as Record<string, Schema>).find(
      ([, property]) => property.const !== undefined || Array.isArray(property.enum),
    );
    const value = fixed && (fixed[1].const ?? (fixed[1].enum as unknown[]).join(' or '));
    return { branch, ...(fixed ? { when: [fixed[0], String(value)] as [string, string] } : {}) };
  });
}

/** A schema in a few words: its type (a shared shape linked), its values or range, its bounds. */
function typeHtml(schema: Schema): string {
  const name = refName(schema);
  if (name) return `<a href="#${schemaAnchor(name)}">${escape(name)}</a>`;
  if (schema.const !== undefined) return escape(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return escape((schema.enum as unknown[]).map(String).join(' | '));
  const cases = variants(schema);
  if (cases.length > 0 && cases.every((variant) => variant.when?.[0] === cases[0]?.when?.[0]))
    return `one of, by <code>${escape(cases[0]?.when?.[0] ?? '')}</code>: ${escape(cases.map((variant) => variant.when?.[1]).join(', '))}`;
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union)) return union.map(typeHtml).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${typeHtml(schema.items as Schema)}`;
  const bounds = [
    schema.minimum !== undefined && `≥ ${String(schema.minimum)}`,
    schema.maximum !== undefined && `≤ ${String(schema.maximum)}`,
    schema.maxLength !== undefined && `≤ ${String(schema.maxLength)} chars`,
    schema.format !== undefined && String(schema.format),
    schema.pattern !== undefined && `matching ${String(schema.pattern)}`,
  ].filter(Boolean);
  return escape(bounds.length > 0 ? `${type} (${bounds.join(', ')})` : type);
}

/** A field's path, free to wrap after each step rather than inside a name. */
const breakable = (path: string) => escape(path).replace(/\./g, '.<wbr>');

/** Nested rows go no deeper than this (no shape here is near it; a shared one is linked). */
const maxDepth = 8;

/**
 * An object's fields as rows, and the fields of each object within, named by their path
 * (`status.findings[].level`) and indented by depth; a shared shape is linked, not repeated.
 */
function fieldRows(schema: Schema, prefix = '', depth = 0, when?: [string, string]): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name]) => name !== when?.[0])
    .map(([name, property]) => {
      const condition = when
        ? `<p class="when">When its <code>${escape(when[0])}</code> is ${escape(when[1])}.</p>`
        : '';
      const row =
        `<tr class="d${depth}"><th scope="row"><code>${prefix ? `<span class="parent">${breakable(prefix)}</span>` : ''}${escape(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</th>` +
        `<td>${typeHtml(property)}</td><td>${condition}${property.description ? prose(String(property.description)) : ''}</td></tr>`;
      return row + nestedRows(property, `${prefix}${name}`, depth + 1);
    })
    .join('');
}

function nestedRows(schema: Schema, path: string, depth: number): string {
  const inner = withoutNull(schema);
  if (depth > maxDepth || refName(inner)) return '';
  if (inner.properties) return fieldRows(inner, `${path}.`, depth);
  if (inner.items) return nestedRows(inner.items as Schema, `${path}[]`, depth);
  return variants(inner)
    .map(({ branch, when }) => fieldRows(branch, `${path}.`, depth, when))
    .join('');
}

const table = (caption: string, rows: string) =>
  rows
    ? `<table><caption>${caption}</caption><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';

function operationHtml(method: string, path: string, op: Operation): string {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  const parameterRows = op.parameters
    .map(
      (p) =>
        `<tr><th scope="row"><code>${escape(p.name)}</code> <span class="in">${p.in}</span>${p.required ? ' <span class="req">required</span>' : ''}</th>` +
        `<td>${typeHtml(p.schema)}</td><td>${p.description ? prose(p.description) : ''}</td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content['application/json']?.schema;
  const answer = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1];
  const answerSchema = (answer?.content?.['application/json'] as { schema?: Schema } | undefined)
    ?.schema;
  const responses = Object.entries(op.responses)
    .map(
      ([status, response]) =>
        `<li><span class="status s${status[0]}">${status}</span> ${inline(response.description)}` +
        `${response.content ? ` <span class="media">${Object.keys(response.content).map(escape).join(', ')}</span>` : ''}</li>`,
    )
    .join('');
  return `<section class="op" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${escape(op.summary)}</p>${prose(op.description)}
${table('Parameters', parameterRows)}
${body ? table('Request body (JSON)', fieldRows(body)) : ''}
${answerSchema ? table('Answer (JSON)', fieldRows(answerSchema)) : ''}
<h4>Answers</h4><ul class="answers">${responses}</ul>
</section>`;
}

export function apiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const op = value as Operation;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = document.tags
    .filter((tag) => byTag.has(tag.name))
    .map(
      (tag) =>
        `<section aria-labelledby="tag-${tag.name}"><h2 id="tag-${tag.name}">${escape(tag.name)}</h2><p>${escape(tag.description)}</p>${(byTag.get(tag.name) ?? []).join('\n')}</section>`,
    )
    .join('\n');
  const shared = Object.entries(document.components.schemas as Record<string, Schema>)
    .map(([name, schema]) => {
      const id = schemaAnchor(name);
      return `<section class="shape" id="${id}" aria-labelledby="${id}-h"><h3 id="${id}-h"><code>${escape(name)}</code></h3>${schema.description ? prose(String(schema.description)) : ''}${table('Fields', fieldRows(schema))}</section>`;
    })
    .join('\n');
  const schemes = Object.entries(document.components.securitySchemes)
    .map(
      ([name, scheme]) =>
        `<li><strong>${escape(name)}</strong>: ${scheme.in} <code>${escape(scheme.name)}</code>. ${prose(scheme.description)}</li>`,
    )
    .join('');
  const nav = document.tags
    .filter((tag) => byTag.has(tag.name))
    .map((tag) => `<li><a href="#tag-${tag.name}">${escape(tag.name)}</a></li>`)
    .concat('<li><a href="#schemas">shared shapes</a></li>')
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --bg: #fff; --panel: #f6f8fa; --line: #d0d7de; --accent: #0b61c4; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9da7b3; --bg: #0d1117; --panel: #161b22; --line: #30363d; --accent: #58a6ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header, main { max-width: 960px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 24px; }
h1 { margin: 0 0 4px; font-size: 26px; }
h2 { margin: 36px 0 4px; padding-bottom: 4px; border-bottom: 2px solid var(--line); text-transform: capitalize; }
h3 { margin: 0; font-size: 16px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
h4 { margin: 12px 0 4px; font-size: 13px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
a { color: var(--accent); }
code { font: 13px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
nav ul { display: flex; flex-wrap: wrap; gap: 6px 16px; padding: 0; list-style: none; }
.op, .shape { margin: 14px 0; padding: 12px 16px; border: 1px solid var(--line); border-radius: 8px; background: var(--panel); }
.op p, .shape p { margin: 4px 0; }
.summary { font-weight: 600; }
.method { display: inline-block; min-width: 64px; padding: 1px 8px; border-radius: 4px; font: 700 12px/20px ui-monospace, monospace; text-align: center; color: #fff; background: #57606a; }
.method.get { background: #1a7f37; } .method.post { background: #0b61c4; } .method.patch { background: #8250df; }
.method.put { background: #9a6700; } .method.delete { background: #cf222e; }
table { width: 100%; margin: 8px 0; border-collapse: collapse; font-size: 14px; }
caption { text-align: left; font-size: 13px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; padding: 4px 0; }
th, td { padding: 4px 8px; border-top: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { border-top: 0; color: var(--muted); font-weight: 600; }
tbody th { font-weight: 400; }
tbody th { width: 42%; }
tbody td:first-of-type { width: 24%; }
tbody th code { overflow-wrap: break-word; }
.shape h3 code { font-size: 16px; }
/* A nested field is indented by its depth; its parents' path is there, quieter, to be read. */
tbody tr { --depth: 0; }
tbody tr.d1 { --depth: 1; } tbody tr.d2 { --depth: 2; } tbody tr.d3 { --depth: 3; } tbody tr.d4 { --depth: 4; }
tbody tr.d5 { --depth: 5; } tbody tr.d6 { --depth: 6; } tbody tr.d7 { --depth: 7; } tbody tr.d8 { --depth: 8; }
tbody th { padding-left: calc(8px + var(--depth) * 14px); }
tbody tr:not(.d0) > * { border-top-style: dotted; }
.parent { color: var(--muted); }
.when { font-size: 13px; color: var(--muted); }
@media (max-width: 640px) {
  header, main { padding: 0 12px; }
  .op, .shape { padding: 10px; }
  /* Three columns do not fit a phone: each field reads as its name, then its type and meaning. */
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tbody, tbody tr, tbody th, tbody td { display: block; }
  tbody tr { padding: 4px 0 4px calc(var(--depth) * 10px); border-top: 1px solid var(--line); }
  tbody tr:not(.d0) { border-top-style: dotted; }
  tbody th, tbody td { padding: 0 4px; border: 0; }
  tbody td:empty { display: none; }
}
.op td p, .shape td p { margin: 0; }
.req, .in, .media { font-size: 12px; color: var(--muted); }
.req { color: #cf222e; }
.answers { margin: 0; padding-left: 0; list-style: none; }
.answers li { margin: 2px 0; }
.status { display: inline-block; min-width: 40px; font: 700 13px ui-monospace, monospace; }
.s2 { color: #1a7f37; } .s4 { color: #9a6700; } .s5 { color: #cf222e; }
@media (prefers-color-scheme: dark) { .s2 { color: #3fb950; } .s4 { color: #d29922; } .s5, .req { color: #f85149; } }
</style>
</head>
<body>
<header>
<h1>${escape(document.info.title)}</h1>
${prose(document.info.description)}
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(document.openapi)}).</p>
<h2>Security</h2>
<ul>${schemes}</ul>
<nav aria-label="Route groups"><ul>${nav}</ul></nav>
</header>
<main>
${sections}
<section aria-labelledby="schemas"><h2 id="schemas">Shared shapes</h2><p>What several routes send, described once; their tables link here.</p>
${shared}
</section>
</main>
</body>
</html>
`;
}
