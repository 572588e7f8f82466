import * as vscode from 'vscode';

const SECTION_HEADING = /^#{1,6}\s+Use it in your editor\s*$/im;
const SECTION_ANCHOR = 'use-it-in-your-editor';
const PIP_COMMAND = 'pip install <repo>';

/**
 * Opens the "Use it in your editor" section of the cute-ir README:
 *  1. from a cute-ir checkout open in the workspace (the usual case while the
 *     project is installed from source),
 *  2. else from the extension's `homepage`, when the manifest has one,
 *  3. else by showing the install command itself.
 */
export async function showInstallationGuide(extension?: vscode.Extension<unknown>): Promise<void> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const readme = vscode.Uri.joinPath(folder.uri, 'README.md');
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(readme));
    } catch {
      continue;
    }
    const match = SECTION_HEADING.exec(text);
    if (!match) continue;
    const line = text.slice(0, match.index).split('\n').length - 1;
    const position = new vscode.Position(line, 0);
    await vscode.window.showTextDocument(readme, { selection: new vscode.Range(position, position) });
    return;
  }

  const homepage: unknown = (extension ?? thisExtension())?.packageJSON?.homepage;
  if (typeof homepage === 'string' && /^https?:\/\//.test(homepage)) {
    await vscode.env.openExternal(vscode.Uri.parse(`${homepage.replace(/#.*$/, '')}#${SECTION_ANCHOR}`));
    return;
  }

  const choice = await vscode.window.showInformationMessage(
    'Install the cute-ir language server into a Python 3.11+ environment',
    {
      modal: true,
      detail:
        `${PIP_COMMAND}\n\n` +
        'where <repo> is a checkout (or URL) of the cute-ir repository. Then point the user setting ' +
        '"cute-ir.server.command" at it, e.g. ["/path/to/venv/bin/cute-ir", "serve"], ' +
        'and run "CuTe IR: Restart Language Server". The README section "Use it in your editor" has the details.',
    },
    'Copy install command',
  );
  if (choice === 'Copy install command') await vscode.env.clipboard.writeText(PIP_COMMAND);
}

function thisExtension(): vscode.Extension<unknown> | undefined {
  return vscode.extensions.getExtension('cute-ir.cute-ir');
}
