// Commands the extension implements itself. When the server also lists one of
// them in executeCommandProvider, the language client must not register it a
// second time (VS Code refuses duplicate command ids); the server's code
// actions then run the extension's implementation.
export const showGeneratedRewriter = 'tdls.showGeneratedRewriter';
export const restartServer = 'tdls.restartServer';
export const showOutput = 'tdls.showOutput';

export const clientOwnedCommands: readonly string[] = [showGeneratedRewriter, restartServer, showOutput];

export function serverOnlyCommands(serverCommands: readonly string[] | undefined): string[] {
  return (serverCommands ?? []).filter((c) => !clientOwnedCommands.includes(c));
}
