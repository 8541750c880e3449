/**
 * The HTML report as a person sees it: the committed record (benchmarks/results/latest.json,
 * only read) rendered into a temporary folder, opened from disk in headless Chromium (the one
 * `@strata/browser` resolves: STRATA_CHROMIUM, a system Chromium, or the registry's), with a
 * screenshot taken, and checked in the page: every SVG text's real box inside its picture's
 * viewBox, no clipped element, the summary table at the top, nothing loaded from anywhere else.
 * A file of the vitest project `chromium` (run by `pnpm test` through its browser gate).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '@strata/browser';
import { browserProblem, resolvedChromium } from '../src/browser/run.js';
import { loadRecord, PACKAGE_ROOT, writeOutputs, type WrittenOutputs } from '../src/main.js';
import { summarize, type SummaryJob } from '../src/report/summary.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-bench-report-chromium-'));
let browser: Browser | undefined;
let page: Page;
let written: WrittenOutputs;
/** The summary's jobs, from the same record the page shows. */
let jobs: SummaryJob[];
const requests: string[] = [];
const pageErrors: string[] = [];

// What runs in the page, as script text (this package's TypeScript has no DOM types).

/** The summary table's place and size, and whether it comes before the suites. */
const SUMMARY_TOP = `(() => {
  const t = document.getElementById('summary-table');
  if (!t) return null;
  const r = t.getBoundingClientRect();
  const firstSuite = document.querySelector('section[id^="suite-"]');
  const cs = getComputedStyle(t);
  return {
    top: r.top,
    bottom: r.bottom,
    width: r.width,
    rows: t.querySelectorAll('tbody tr').length,
    visible: cs.visibility === 'visible' && cs.display !== 'none',
    beforeSuites: firstSuite !== null && (t.compareDocumentPosition(firstSuite) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    firstJob: (t.querySelector('tbody tr td') || {}).textContent || '',
  };
})()`;

/**
 * Every SVG text whose real box (getBBox) leaves its picture's viewBox, every element that hides
 * overflow and has more content than room, and a page wider than the window.
 */
const CLIPPED = `(() => {
  const bad = [];
  let texts = 0;
  const svgs = [...document.querySelectorAll('svg')];
  for (const svg of svgs) {
    const vb = svg.viewBox.baseVal;
    for (const t of svg.querySelectorAll('text')) {
      if ((t.textContent || '') === '') continue;
      texts++;
      const b = t.getBBox();
      if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5 || b.y + b.height > vb.y + vb.height + 0.5) {
        bad.push('"' + t.textContent + '" box ' + b.x.toFixed(0) + ',' + b.y.toFixed(0) + ' ' + b.width.toFixed(0) + '×' + b.height.toFixed(0) + ' outside ' + vb.width + '×' + vb.height);
      }
    }
  }
  for (const el of document.querySelectorAll('body *')) {
    if (el instanceof SVGElement) continue;
    const cs = getComputedStyle(el);
    const hides = [cs.overflowX, cs.overflowY, cs.overflow].some((o) => o === 'hidden' || o === 'clip');
    if (hides && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) bad.push('<' + el.tagName.toLowerCase() + ' class="' + el.className + '"> clips its content');
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) bad.push('page is ' + document.documentElement.scrollWidth + ' px wide in a ' + window.innerWidth + ' px window');
  return { bad, texts, svgs: svgs.length };
})()`;

/** In a standalone SVG document: the texts whose real box leaves the viewBox, and the height. */
const OUTSIDE_VIEWBOX = `(() => {
  const svg = document.documentElement;
  const vb = svg.viewBox.baseVal;
  const out = [];
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBBox();
    if (b.x < -0.5 || b.y < -0.5 || b.x + b.width > vb.width + 0.5 || b.y + b.height > vb.height + 0.5) out.push(String(t.textContent));
  }
  return { out, h: vb.height };
})()`;

beforeAll(async () => {
  const problem = await browserProblem();
  if (problem) throw new Error(`the report test needs Chromium: ${problem}`);
  const record = loadRecord(path.join(PACKAGE_ROOT, 'results', 'latest.json'));
  written = writeOutputs(record, { jsonPath: path.join(tmp, 'report.json') });
  jobs = summarize(record);
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: (await resolvedChromium()).path!, headless: true, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(pathToFileURL(written.htmlPath!).href, { waitUntil: 'load' });
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
});

describe('the HTML report in Chromium', () => {
  it('loads from disk alone: no request but the file itself, no page error', () => {
    expect(pageErrors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(written.htmlPath!).href]);
  });

  it('takes a screenshot, a real PNG of the page', async () => {
    const shot = path.join(tmp, 'report.png');
    await page.screenshot({ path: shot, timeout: 60_000 });
    expect(existsSync(shot)).toBe(true);
    const png = readFileSync(shot);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: width and height of the viewport.
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBe(900);
    // Text, tables and charts compress far worse than a blank page (a few KB).
    expect(statSync(shot).size).toBeGreaterThan(30_000);
  }, 90_000);

  it('shows the summary table at the top, with a row per job', async () => {
    const top = (await page.evaluate(SUMMARY_TOP)) as { top: number; bottom: number; width: number; rows: number; visible: boolean; beforeSuites: boolean; firstJob: string } | null;
    expect(top).not.toBeNull();
    expect(top!.visible).toBe(true);
    expect(top!.beforeSuites).toBe(true);
    expect(top!.top).toBeGreaterThanOrEqual(0);
    // Its head and first rows are in the first screen, without scrolling.
    expect(top!.top).toBeLessThan(450);
    expect(top!.width).toBeGreaterThan(400);
    expect(jobs.length).toBeGreaterThan(0);
    expect(top!.rows).toBe(jobs.length);
    expect(top!.firstJob.startsWith(jobs[0]!.job)).toBe(true);
  });

  it('cuts no text: every SVG text inside its picture\'s viewBox, no clipped element', async () => {
    const found = (await page.evaluate(CLIPPED)) as { bad: string[]; texts: number; svgs: number };
    expect(found.svgs).toBe(written.detailPaths.length + 1);
    expect(found.texts).toBeGreaterThan(1000);
    expect(found.bad).toEqual([]);
  });

  it('each detail file on its own also keeps every text inside its viewBox', async () => {
    const p = await browser!.newPage({ viewport: { width: 1000, height: 800 } });
    try {
      for (const f of [written.svgPath!, ...written.detailPaths]) {
        await p.goto(pathToFileURL(f).href);
        const bad = (await p.evaluate(OUTSIDE_VIEWBOX)) as { out: string[]; h: number };
        expect(bad.out, f).toEqual([]);
        expect(bad.h, f).toBeLessThanOrEqual(1600);
      }
    } finally {
      await p.close();
    }
  }, 90_000);
});
