// Workspace Trust in a real VS Code: the trapped project (editors/e2e.sh's
// e2e_trap_project, plus a .vscode/settings.json naming its own tdls and
// mlir-tblgen) opens in Restricted Mode. There tdls shows diagnostics and
// the native and machine previews and runs none of the project's
// executables (each writes to $E2E_TRAP_LOG when it runs); trusting the
// folder hands the server and the previews to the project's own.
import { existsSync, readFileSync } from 'node:fs';
import { openWorkbench } from './workbench.mjs';

const log = process.env.E2E_TRAP_LOG;
const ran = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');

const { page, report, shot, runCommand, openFile, goToLine, viewText, renderedText, start, finish } = await openWorkbench({
  url: process.env.E2E_URL,
  artifacts: process.env.E2E_ARTIFACTS,
  profile: process.env.E2E_PROFILE,
});

const docRendered = (t) => t.includes('toy.add') && t.includes('Element-wise addition');

try {
  await start();
  const restricted = await page
    .locator('.statusbar-item', { hasText: 'Restricted Mode' })
    .first()
    .waitFor({ timeout: 30000 })
    .then(() => true, () => false);
  report(restricted, 'the project opens in Restricted Mode');

  await openFile('ToyPatterns.td');
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: "referencing unbound symbol 'y'" });
  const diag = await row.first().waitFor({ timeout: 60000 }).then(() => true, () => false);
  report(diag, 'restricted: the DRR diagnostic in the Problems panel');

  await page.locator('.monaco-editor .view-lines').first().click();
  await goToLine(8);
  await runCommand('TableGen: Show Generated Rewriter');
  report(await viewText('public ::mlir::RewritePattern'), 'restricted: the native rewriter preview');

  await openFile('ToyOps.td');
  await goToLine(24);
  await runCommand('TableGen: Show Generated Documentation');
  const doc = await renderedText(docRendered);
  report(doc !== '', "restricted: the op's documentation from the machine's mlir-tblgen");
  report(ran() === '', 'restricted: no executable of the project ran', JSON.stringify(ran()));
  await shot('trust-restricted.png');

  // Trust the folder as a user does: Manage Workspace Trust, "Trust".
  await runCommand('Workspaces: Manage Workspace Trust');
  const trustButton = page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ });
  await trustButton.first().click({ timeout: 15000 });
  const left = await page
    .locator('.statusbar-item', { hasText: 'Restricted Mode' })
    .first()
    .waitFor({ state: 'detached', timeout: 30000 })
    .then(() => true, () => false);
  report(left, 'trusting the folder leaves Restricted Mode');
  // The project's settings name its own tdls: a new server starts with it.
  for (let i = 0; i < 60 && !/bin\/tdls serve/.test(ran()); i++) await page.waitForTimeout(500);
  const serverRan = /bin\/tdls serve/.test(ran());
  report(serverRan, "trusted: the project's tdls.serverPath starts the server", JSON.stringify(ran()));

  await page.locator('.tab', { hasText: 'ToyOps.td' }).first().click();
  await goToLine(24);
  await runCommand('TableGen: Show Generated Documentation');
  let tblgenRan = false;
  for (let i = 0; i < 60 && !tblgenRan; i++) {
    tblgenRan = /tools\/mlir-tblgen --gen-op-doc/.test(ran());
    if (!tblgenRan) await page.waitForTimeout(500);
  }
  report(tblgenRan && (await renderedText(docRendered)) !== '', "trusted: the project's tdls.mlirTblgen serves the documentation", JSON.stringify(ran()));
  await shot('trust-trusted.png');
} catch (e) {
  report(false, 'workbench', String(e).split('\n')[0]);
  await shot('trust-failure.png').catch(() => {});
}
await finish();
