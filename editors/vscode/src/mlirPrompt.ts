// Asks once per workspace to switch off the MLIR extension's TableGen server,
// so the two servers do not both answer on the same .td files.
import * as vscode from 'vscode';

import { mlirAdvice, mlirEnableSetting, mlirExtensionId } from './mlirConflict';

const dismissedKey = 'tdls.mlirConflictDismissed';

export async function checkMlirExtension(context: vscode.ExtensionContext): Promise<void> {
  if (context.workspaceState.get<boolean>(dismissedKey)) return;
  const ext = vscode.extensions.getExtension(mlirExtensionId);
  const mlir = vscode.workspace.getConfiguration('mlir');
  const advice = mlirAdvice({
    installed: ext !== undefined,
    settingsSchema: ext?.packageJSON?.contributes?.configuration?.properties,
    tablegenEnable: mlir.get(mlirEnableSetting),
    tablegenServerPath: mlir.get('tablegen_server_path'),
  });
  if (advice.kind === 'none') return;
  const dontAsk = "Don't Ask Again";
  if (advice.kind === 'disable-setting') {
    const turnOff = "Turn Off MLIR's TableGen Server";
    const pick = await vscode.window.showWarningMessage(
      'The MLIR extension also runs a TableGen language server (tblgen-lsp-server) on .td files, so diagnostics and completions would show twice. Turn it off for this workspace (mlir.tablegen_enable: false)?',
      turnOff,
      dontAsk,
    );
    if (pick === turnOff) {
      await mlir.update(mlirEnableSetting, false, vscode.ConfigurationTarget.Workspace);
      void vscode.window.showInformationMessage('mlir.tablegen_enable is now false in this workspace; reload the window to stop its server.');
    }
    if (pick) await context.workspaceState.update(dismissedKey, true);
    return;
  }
  const pick = await vscode.window.showWarningMessage(
    'The MLIR extension installed here may start tblgen-lsp-server on .td files and has no setting to turn that off. If diagnostics show twice, update the MLIR extension (newer versions have mlir.tablegen_enable) or disable it for this workspace.',
    dontAsk,
  );
  if (pick) await context.workspaceState.update(dismissedKey, true);
}
