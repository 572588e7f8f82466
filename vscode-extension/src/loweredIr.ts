import * as path from 'node:path';
import * as vscode from 'vscode';
import { LoweredIrRequest, LoweredIrResult } from './protocol';
import { reportRequestFailure } from './requests';
import { ServerController } from './serverController';

export const LOWERED_SCHEME = 'cute-ir-lowered';

/** A read-only snapshot of the server's lowering of an IR document; running the command again refreshes it. */
export class LoweredIrView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>(); // by virtual document URI
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly server: ServerController,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables = [
      this.changeEmitter,
      vscode.workspace.registerTextDocumentContentProvider(LOWERED_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((doc) => this.texts.delete(doc.uri.toString())),
    ];
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// Run "CuTe IR: Show Lowered IR" to compute the lowered IR.\n';
  }

  async show(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'cute-ir' || editor.document.uri.scheme === LOWERED_SCHEME) {
      void vscode.window.showInformationMessage('Open a CuTe IR (.ir) file to see its lowered IR.');
      return;
    }
    const source = editor.document.uri;
    let result: LoweredIrResult | null;
    try {
      const client = this.server.requireClient();
      result = await client.sendRequest(LoweredIrRequest, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(source) },
      });
    } catch (error) {
      reportRequestFailure('Lowered IR', LoweredIrRequest.method, error, this.log);
      return;
    }
    if (!result || typeof result.text !== 'string') {
      void vscode.window.showInformationMessage('The server returned no lowered IR for this document.');
      return;
    }
    const uri = vscode.Uri.from({
      scheme: LOWERED_SCHEME,
      path: `/${path.basename(source.path, path.extname(source.path))}.lowered.ir`,
      query: source.toString(),
    });
    this.texts.set(uri.toString(), result.text);
    this.changeEmitter.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'cute-ir') await vscode.languages.setTextDocumentLanguage(doc, 'cute-ir');
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  }
}
