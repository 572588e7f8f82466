import * as vscode from 'vscode';

/**
 * Kernel-ish function headers: every func.func / gpu.func, and llvm.func
 * marked as a kernel. Deliberately textual: the lens must appear even while
 * the file does not parse, which is exactly when people look at the PTX.
 */
const FUNCTION_HEADER = /^\s*(?:"?(?:func\.func|gpu\.func)"?\b|"?llvm\.func"?\b.*\bkernel\b)/;

export class PreviewPtxCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changeEmitter.event;

  /**
   * Asks the editor to query the lenses again. A document opened while the
   * extension host was still starting can otherwise miss its first query.
   */
  refresh(): void {
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const lenses: vscode.CodeLens[] = [];
    for (let line = 0; line < document.lineCount; line++) {
      const text = document.lineAt(line).text;
      if (!FUNCTION_HEADER.test(text)) continue;
      lenses.push(
        new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
          title: 'Preview PTX',
          tooltip: 'Open the PTX generated for this file beside it, following edits',
          command: 'cute-ir.showPtxPreview',
          arguments: [document.uri, line],
        }),
      );
    }
    return lenses;
  }
}
