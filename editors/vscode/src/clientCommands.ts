// Commands the extension implements itself. When the server also lists one of
// them in executeCommandProvider, the language client must not register it a
// second time (VS Code refuses duplicate command ids); the server's code
// actions then run the extension's implementation.
export const showGeneratedRewriter = 'tdls.showGeneratedRewriter';
// The server's command of its "Show generated declarations/definitions/
// documentation" code actions, and the palette's commands of those views.
export const showGenerated = 'tdls.showGenerated';
export const showGeneratedDeclarations = 'tdls.showGeneratedDeclarations';
export const showGeneratedDefinitions = 'tdls.showGeneratedDefinitions';
export const showGeneratedDocumentation = 'tdls.showGeneratedDocumentation';
export const restartServer = 'tdls.restartServer';
export const showOutput = 'tdls.showOutput';

export const clientOwnedCommands: readonly string[] = [
  showGenerated,
  showGeneratedRewriter,
  showGeneratedDeclarations,
  showGeneratedDefinitions,
  showGeneratedDocumentation,
  restartServer,
  showOutput,
];

export function serverOnlyCommands(serverCommands: readonly string[] | undefined): string[] {
  return (serverCommands ?? []).filter((c) => !clientOwnedCommands.includes(c));
}
