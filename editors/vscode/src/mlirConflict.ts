// The MLIR extension (llvm-vs-code-extensions.vscode-mlir) can start its own
// TableGen server, tblgen-lsp-server, on the same .td files. These functions
// decide whether it will and how it can be switched off.
export const mlirExtensionId = 'llvm-vs-code-extensions.vscode-mlir';
export const mlirEnableSetting = 'tablegen_enable'; // in section "mlir"

export interface MlirFacts {
  installed: boolean;
  // contributes.configuration.properties of its package.json.
  settingsSchema?: Record<string, unknown>;
  tablegenEnable?: unknown; // value of mlir.tablegen_enable
  tablegenServerPath?: unknown; // value of mlir.tablegen_server_path
}

export type MlirAdvice =
  | { kind: 'none' }
  | { kind: 'disable-setting' } // set mlir.tablegen_enable = false
  | { kind: 'no-switch'; serverPath: string }; // this version has no switch

export function mlirAdvice(f: MlirFacts): MlirAdvice {
  if (!f.installed) return { kind: 'none' };
  const hasSwitch = f.settingsSchema !== undefined && `mlir.${mlirEnableSetting}` in f.settingsSchema;
  if (hasSwitch) {
    return f.tablegenEnable === false ? { kind: 'none' } : { kind: 'disable-setting' };
  }
  // Without the switch, it starts tblgen-lsp-server when its path setting
  // names one (left empty, it looks for the binary in the workspace and
  // usually finds none).
  const serverPath = typeof f.tablegenServerPath === 'string' ? f.tablegenServerPath.trim() : '';
  return serverPath === '' ? { kind: 'none' } : { kind: 'no-switch', serverPath };
}
