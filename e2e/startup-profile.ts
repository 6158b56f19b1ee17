// Where a page's start-up spends the main thread, task by task: a Chromium trace of the load, with
// the JavaScript sampling profiler on, from the production build served by the BFF. Prints each
// task over --min ms (default 12.5: Lighthouse's mobile run multiplies task times by 4 and counts
// what passes 50 ms) with the functions it spent its time in, named from the build's source maps,
// and what Blink was doing in it (a GPU wait shows as GLES2Implementation::GetProgramiv, ...).
//
//   node --import tsx e2e/startup-profile.ts [--search=?lat=35.78&lon=-78.64] [--rate=1]
//     [--width=412 --height=823 --scale=1.75] [--min=12.5] [--functions=4] [--cold]
//     [--categories=viz,gpu.service] [--trace=out.json] [--from=out.json]
//
// --rate throttles the CPU (Lighthouse simulates its 4× from a trace taken without throttling;
// the GPU process is never throttled). The page is loaded once before the traced load, as
// `npm run size` does before Lighthouse (the GPU process then has its shader cache); --cold
// traces the first load. --from analyses a trace saved with --trace.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { startServer } from './start-server';

const port = 8189;
const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const rate = Number(option('rate', '1'));
const search = option('search', '');
// Lighthouse's mobile screen (a Moto G Power).
const width = Number(option('width', '412'));
const height = Number(option('height', '823'));
const scale = Number(option('scale', '1.75'));
const minTaskMs = Number(option('min', '12.5'));
const functionsShown = Number(option('functions', '4'));
const cold = process.argv.includes('--cold');
const extraCategories = option('categories', '').split(',').filter(Boolean);
const traceFile = option('trace', '');
const fromFile = option('from', '');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

async function record(): Promise<TraceEvent[]> {
  const server = await startServer(port, 'profile');
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: scale,
    });
    const page = await context.newPage();
    const url = `http://127.0.0.1:${port}/${search}`;
    const ready = () => page.waitForSelector('.map[data-map-ready="true"]', { timeout: 120_000 });
    if (!cold) {
      await page.goto(url);
      await ready();
      await page.goto('about:blank');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const collected: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) =>
      collected.push(...(value as unknown as TraceEvent[])),
    );
    const complete = new Promise<void>((resolve) => {
      cdp.once('Tracing.tracingComplete', () => resolve());
    });
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
          'toplevel',
          'gpu',
          ...extraCategories,
        ],
      },
    });
    const started = Date.now();
    await page.goto(url);
    await ready();
    console.log(`map ready after ${Date.now() - started} ms (CPU ×${rate})`);
    // What the map does once ready (its labels), as Lighthouse waits for.
    await page.waitForLoadState('networkidle');
    await cdp.send('Tracing.end');
    await complete;
    return collected;
  } finally {
    await browser.close();
    server.stop();
  }
}

/** Source maps by the file they map, read once; undefined where there is none. */
const sourceMaps = new Map<string, SourceMap | undefined>();
function sourceMap(file: string): SourceMap | undefined {
  if (!sourceMaps.has(file)) {
    const path = `${file}.map`;
    sourceMaps.set(
      file,
      existsSync(path)
        ? new SourceMap(JSON.parse(readFileSync(path, 'utf8')) as SourceMapPayload)
        : undefined,
    );
  }
  return sourceMaps.get(file);
}

/**
 * A function's name and place in its sources, through the build's source maps and then the
 * library's own (MapLibre ships minified with a map): `Y5 maplibre-….js:813` is
 * `Program src/render/program.ts:…`.
 */
function originalName(frame: ProfileNode['callFrame']): string | undefined {
  let file = join('dist/client/assets', basename(frame.url));
  let position = { line: frame.lineNumber, column: frame.columnNumber };
  let name: string | undefined;
  let found = false;
  for (let map = sourceMap(file); map; map = sourceMap(file)) {
    const entry = map.findEntry(position.line, position.column);
    if (!('originalSource' in entry) || !entry.originalSource) break;
    found = true;
    file = resolve(dirname(file), entry.originalSource);
    position = { line: entry.originalLine, column: entry.originalColumn };
    // Node's types leave out the name its source maps do give.
    name = (entry as { name?: string }).name ?? name;
  }
  if (!found) return undefined;
  const source = file.replace(/^.*node_modules\//, '').replace(`${process.cwd()}/`, '');
  return `${name ?? frame.functionName} ${source}:${position.line + 1}`;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  return (
    (url.includes('/assets/') && originalName(node.callFrame)) ||
    `${name} ${basename(url)}:${lineNumber + 1}`
  );
}

function analyse(trace: TraceEvent[]) {
  // The page's renderer main thread (a navigation may swap processes): the one profiled.
  const mains = trace.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const profiles = trace.filter(
    (e) => e.name === 'Profile' && mains.some((m) => m.pid === e.pid && m.tid === e.tid),
  );
  const profile = profiles.at(-1);
  if (!profile) throw new Error('the trace has no profile of a renderer main thread');
  const onMain = trace.filter((e) => e.pid === profile.pid && e.tid === profile.tid);
  const start = onMain.find((e) => e.name === 'navigationStart')?.ts ?? onMain[0]!.ts;
  const at = (ts: number) => `${Math.round((ts - start) / 1000)} ms`;

  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const e of trace) {
    if (e.pid !== profile.pid || e.id !== profile.id) continue;
    if (e.name === 'Profile') clock = (e.args?.data as { startTime: number }).startTime;
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);

  const tasks = onMain
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > minTaskMs * 1000)
    .sort((a, b) => a.ts - b.ts);
  let lighthouseMobile = 0;
  for (const task of tasks) {
    const duration = (task.dur ?? 0) / 1000;
    const end = task.ts + (task.dur ?? 0);
    lighthouseMobile += Math.max(0, duration * 4 - 50);
    const self = new Map<string, number>();
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const node = nodes.get(sample.node);
      if (node && !/^\((root|program|idle)\)$/.test(node.callFrame.functionName)) {
        const name = label(node);
        self.set(name, (self.get(name) ?? 0) + (sample.ts - previous) / 1000);
      }
      previous = sample.ts;
    }
    const blink = onMain.filter(
      (e) => e.ph === 'X' && e.ts > task.ts && e.ts < end && (e.dur ?? 0) > 2_000,
    );
    const kinds = [...new Set(blink.map((e) => e.name))]
      .filter(
        (name) => !/^(ThreadControllerImpl::RunTask|v8\.callFunction|FunctionCall)$/.test(name),
      )
      .slice(0, 6);
    console.log(`\n${at(task.ts)}: ${duration.toFixed(0)} ms  ${kinds.join(', ')}`);
    for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, functionsShown))
      console.log(`  ${time.toFixed(1).padStart(6)} ms  ${name}`);
  }
  const paints = onMain.filter((e) =>
    ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(e.name),
  );
  console.log(`\n${tasks.length} tasks over ${minTaskMs} ms`);
  console.log(
    `Σ(4 × task − 50 ms), as Lighthouse's mobile TBT counts them: ${lighthouseMobile.toFixed(0)} ms`,
  );
  for (const paint of paints) console.log(`${paint.name} at ${at(paint.ts)}`);
}

const events = fromFile
  ? (JSON.parse(readFileSync(fromFile, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  : await record();
if (traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
analyse(events);
