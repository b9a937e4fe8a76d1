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

export function findServer(extensionPath: string): ResolvedServer {
  ensureBundledExecutable(extensionPath);
  return resolveServerPath({
    configured: vscode.workspace.getConfiguration('tdls').get<string>('serverPath', ''),
    extensionPath,
    workspaceFolder: firstFolder(),
    home: os.homedir(),
    platform: process.platform,
    pathEnv: process.env.PATH ?? '',
    isExecutable,
  });
}

export function currentSettings() {
  return serverSettings(vscode.workspace.getConfiguration().get('tdls'), os.homedir(), firstFolder());
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
    initializationOptions: currentSettings(),
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.td,tablegen_compile_commands.yml,.tdls.yaml}'),
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
