// The tdls extension: starts `tdls serve` for TableGen files and adds the
// generated-code previews, a restart command and a status bar item.
import * as vscode from 'vscode';
import { DidChangeConfigurationNotification, LanguageClient } from 'vscode-languageclient/node';

import { createClient, currentSettings, findServer } from './client';
import {
  restartServer,
  showGenerated,
  showGeneratedDeclarations,
  showGeneratedDefinitions,
  showGeneratedDocumentation,
  showGeneratedRewriter,
  showOutput,
} from './clientCommands';
import { GeneratedPreview } from './generatedPreview';
import { checkMlirExtension } from './mlirPrompt';
import { targetFromArgs, View } from './previewTarget';
import { restartSettings } from './settings';
import { StatusItem } from './statusItem';
import { cppSelector, TableGenDefinitionProvider, workspaceHasTableGen } from './tablegenDefinition';
import { didChangeTrust } from './trust';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('tdls');
  const traceOutput = vscode.window.createOutputChannel('tdls trace');
  const status = new StatusItem();
  const preview = new GeneratedPreview(() => client);
  context.subscriptions.push(output, traceOutput, status, preview);

  let startedWith = '';
  const start = async () => {
    const server = findServer(context.extensionPath);
    startedWith = server.command;
    output.appendLine(`tdls: starting ${server.command} serve (from ${server.source})`);
    if (server.problem) {
      output.appendLine(`tdls: ${server.problem}`);
      status.setState('failed', server.problem);
      void vscode.window.showErrorMessage(`tdls: ${server.problem}`, 'Open Settings').then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'tdls.serverPath');
      });
      return;
    }
    status.setState('starting');
    const c = createClient(server, output, traceOutput);
    client = c;
    status.attach(c);
    try {
      await c.start();
      status.setState('running');
    } catch (err) {
      status.setState('failed', (err as Error).message);
      output.appendLine(`tdls: could not start: ${(err as Error).message}`);
    }
  };
  const stop = async () => {
    const c = client;
    client = undefined;
    if (c) {
      try {
        await c.dispose(2000);
      } catch (err) {
        output.appendLine(`tdls: stopping: ${(err as Error).message}`);
      }
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(restartServer, async () => {
      await stop();
      await start();
    }),
    vscode.commands.registerCommand(showOutput, () => output.show(true)),
    // Each preview command takes the server's code action arguments, or
    // else previews what is under the cursor.
    ...(
      [
        [showGeneratedRewriter, undefined, 'a DRR pattern', 'Show Generated Rewriter'],
        [showGenerated, 'decls', 'an op, attribute, type, enum, interface, pass or dialect', 'Show Generated Declarations'],
        [showGeneratedDeclarations, 'decls', 'an op, attribute, type, enum, interface, pass or dialect', 'Show Generated Declarations'],
        [showGeneratedDefinitions, 'defs', 'an op, attribute, type, enum, interface, pass or dialect', 'Show Generated Definitions'],
        [showGeneratedDocumentation, 'doc', 'an op, attribute, type, enum, interface, pass or dialect', 'Show Generated Documentation'],
      ] as [string, View | undefined, string, string][]
    ).map(([command, view, what, title]) =>
      vscode.commands.registerCommand(command, async (...args: unknown[]) => {
        const editor = vscode.window.activeTextEditor;
        const active =
          editor && editor.document.languageId === 'tablegen'
            ? { uri: editor.document.uri.toString(), position: { line: editor.selection.active.line, character: editor.selection.active.character } }
            : undefined;
        const target = targetFromArgs(args, active, view);
        if (!target) {
          void vscode.window.showInformationMessage(`Put the cursor on ${what} in a .td file, then run "TableGen: ${title}".`);
          return;
        }
        await preview.open(target);
      }),
    ),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (restartSettings.some((s) => e.affectsConfiguration(s))) {
        await stop();
        await start();
      } else if (e.affectsConfiguration('tdls') && client?.isRunning()) {
        // Pushed with paths expanded, as initializationOptions are.
        await client.sendNotification(DidChangeConfigurationNotification.type, { settings: { tdls: currentSettings() } });
      }
    }),
    // Trust granted: the workspace's own settings and executables may be
    // used now. A server path that changes needs a new server; else the
    // server is told, and given the settings it may now take.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      const before = client;
      if (findServer(context.extensionPath).command !== startedWith) {
        await stop();
        await start();
        return;
      }
      if (before?.isRunning()) {
        await before.sendNotification(didChangeTrust, { workspaceTrusted: true });
        await before.sendNotification(DidChangeConfigurationNotification.type, { settings: { tdls: currentSettings() } });
      }
    }),
    { dispose: () => void stop() },
    // C++ to TableGen, beside clangd's definitions.
    vscode.languages.registerDefinitionProvider(cppSelector, new TableGenDefinitionProvider(() => client)),
  );

  // Activated by a C or C++ file: the server starts only if the workspace
  // has .td files (a C++ project without TableGen gets nothing started),
  // else with the first TableGen document.
  const tablegenOpen = () => vscode.workspace.textDocuments.some((d) => d.languageId === 'tablegen');
  if (tablegenOpen() || (await workspaceHasTableGen())) {
    await start();
  } else {
    const waiting = vscode.workspace.onDidOpenTextDocument(async (d) => {
      if (d.languageId !== 'tablegen' || client || startedWith) return;
      waiting.dispose();
      await start();
    });
    context.subscriptions.push(waiting);
  }
  void checkMlirExtension(context);
}

export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  await c?.dispose(2000);
}
