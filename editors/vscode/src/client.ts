// Creating the language client for tdls: server command, settings, and the
// commands the extension keeps for itself.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  DynamicFeature,
  ExecuteCommandRegistrationOptions,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RegistrationData,
  ServerOptions,
  StaticFeature,
} from 'vscode-languageclient/node';

import { serverOnlyCommands } from './clientCommands';
import { executableName, ResolvedServer, resolveServerPath } from './serverPath';
import { serverSettings } from './settings';
import { insideFolder, restrictedValue } from './trust';

function isExecutable(file: string): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function firstFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

function folders(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
}

// A restricted setting (an executable's path) as Workspace Trust allows it.
function restricted(name: string): string {
  const inspected = vscode.workspace.getConfiguration('tdls').inspect<string>(name);
  return restrictedValue(inspected, vscode.workspace.isTrusted, '');
}

// A .vsix unpacked by a tool that drops file modes leaves the bundled binary
// without its executable bit: restore it.
function ensureBundledExecutable(extensionPath: string): void {
  const bundled = path.join(extensionPath, 'bin', executableName(process.platform));
  if (process.platform !== 'win32' && fs.existsSync(bundled) && !isExecutable(bundled)) {
    try {
      fs.chmodSync(bundled, 0o755);
    } catch {
      // resolveServerPath then looks on PATH.
    }
  }
}

// findServer resolves the tdls to start. In an untrusted workspace a tdls
// inside a workspace folder (a setting's ${workspaceFolder}/..., a bin/ on
// PATH) is not started: the bundled one is.
export function findServer(extensionPath: string): ResolvedServer {
  ensureBundledExecutable(extensionPath);
  const inputs = {
    configured: restricted('serverPath'),
    extensionPath,
    workspaceFolder: firstFolder(),
    home: os.homedir(),
    platform: process.platform,
    pathEnv: process.env.PATH ?? '',
    isExecutable,
  };
  const server = resolveServerPath(inputs);
  if (!vscode.workspace.isTrusted && insideFolder(server.command, folders())) {
    const pathEnv = inputs.pathEnv
      .split(process.platform === 'win32' ? ';' : ':')
      .filter((d) => d === '' || !insideFolder(d, folders()))
      .join(process.platform === 'win32' ? ';' : ':');
    return { ...resolveServerPath({ ...inputs, configured: '', pathEnv }), problem: undefined };
  }
  return server;
}

// currentSettings are the settings the server reads, with the restricted
// ones as Workspace Trust allows them.
export function currentSettings() {
  const section = { ...(vscode.workspace.getConfiguration().get('tdls') as Record<string, unknown>), mlirTblgen: restricted('mlirTblgen') };
  return serverSettings(section, os.homedir(), firstFolder());
}

// initializationOptions are the settings and the workspace's trust state.
function initializationOptions() {
  return { ...currentSettings(), workspaceTrusted: vscode.workspace.isTrusted };
}

// TdlsLanguageClient registers the server's commands except those the
// extension implements itself.
class TdlsLanguageClient extends LanguageClient {
  public registerFeature(feature: StaticFeature | DynamicFeature<unknown>): void {
    const dyn = feature as DynamicFeature<ExecuteCommandRegistrationOptions>;
    if (dyn.registrationType?.method === ExecuteCommandRequest.method) {
      const register = dyn.register.bind(dyn);
      dyn.register = (data: RegistrationData<ExecuteCommandRegistrationOptions>) =>
        register({ ...data, registerOptions: { ...data.registerOptions, commands: serverOnlyCommands(data.registerOptions.commands) } });
    }
    super.registerFeature(feature);
  }
}

export function createClient(server: ResolvedServer, output: vscode.OutputChannel, traceOutput: vscode.OutputChannel): LanguageClient {
  const serverOptions: ServerOptions = {
    command: server.command,
    args: ['serve'],
    options: { cwd: firstFolder() },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'tablegen' },
      { scheme: 'untitled', language: 'tablegen' },
    ],
    initializationOptions: initializationOptions(),
    synchronize: {
      // The C++ files too: the server's C++ index follows them.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.td,*.cpp,*.cc,*.cxx,*.h,*.hpp,*.hh,*.inc,tablegen_compile_commands.yml,compile_commands.json,.tdls.yaml}'),
    },
    middleware: {
      workspace: {
        // The server asks for the "tdls" section: answer with paths expanded.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return params.items.map((item, i) => (item.section === 'tdls' ? currentSettings() : result[i]));
        },
      },
    },
    outputChannel: output,
    traceOutputChannel: traceOutput,
  };
  return new TdlsLanguageClient('tdls', 'tdls', serverOptions, clientOptions);
}
