// What the e2e scripts share: code-server's workbench in headless Chromium
// (playwright-core), the PASS/FAIL tally and the moves a user makes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

// open launches Chromium on the workbench at url and returns the page with
// the helpers the checks use.
export async function openWorkbench({ url, artifacts, profile, initScript }) {
  mkdirSync(artifacts, { recursive: true });
  let passed = 0;
  let failed = 0;
  const report = (ok, name, detail = '') => {
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
    ok ? passed++ : failed++;
  };
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 850 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (initScript) await context.addInitScript(initScript);
  const page = context.pages()[0] ?? (await context.newPage());
  const shot = (name) => page.screenshot({ path: join(artifacts, name) });

  async function runCommand(title) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('>' + title);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 15000 });
    await page.keyboard.press('Enter');
  }

  async function openFile(name) {
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().dblclick();
    await page.locator(`.tab[aria-label^="${name}"]`).first().waitFor({ timeout: 15000 });
  }

  async function goToLine(line) {
    const input = page.locator('.quick-input-widget input');
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Control+G');
      if (await input.waitFor({ state: 'visible', timeout: 5000 }).then(() => true, () => false)) break;
      // The keys went to a webview (a Markdown preview keeps focus after
      // its tab is left): put the focus in the active text editor.
      await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click().catch(() => {});
    }
    await input.fill(':' + line);
    await page.keyboard.press('Enter');
  }

  // viewText waits for an editor showing w.
  const viewText = (w, timeout = 30000) =>
    page
      .waitForFunction((w) => [...document.querySelectorAll('.view-lines')].some((v) => v.textContent.replace(/\u00a0/g, ' ').includes(w)), w, { timeout })
      .then(() => true, () => false);

  // renderedText waits for a webview frame (a Markdown preview) whose text
  // satisfies want.
  async function renderedText(want, tries = 60) {
    for (let i = 0; i < tries; i++) {
      for (const f of page.frames()) {
        const t = await f.evaluate(() => document.body?.innerText ?? '').catch(() => '');
        if (want(t)) return t;
      }
      await page.waitForTimeout(500);
    }
    return '';
  }

  async function start() {
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 60000 });
  }

  async function finish() {
    await context.close();
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  }

  return { page, context, report, shot, runCommand, openFile, goToLine, viewText, renderedText, start, finish };
}
