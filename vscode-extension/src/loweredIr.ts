import * as path from 'node:path';
import * as vscode from 'vscode';
import { diffTitle, passChoices, textBefore } from './passPicker';
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
    const lowered = await this.request();
    if (!lowered) return;
    const uri = this.virtualUri(lowered.source, 'lowered');
    this.texts.set(uri.toString(), lowered.result.text);
    this.changeEmitter.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'cute-ir') await vscode.languages.setTextDocumentLanguage(doc, 'cute-ir');
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  }

  /** Pick a pass of the pipeline and see what it changed: the IR before and after it, side by side. */
  async showAfterPass(): Promise<void> {
    const lowered = await this.request();
    if (!lowered) return;
    const stages = lowered.result.stages ?? [];
    if (stages.length === 0) {
      void vscode.window.showInformationMessage('The lowering ran no pass on this document.');
      return;
    }
    let picked = await vscode.window.showQuickPick(passChoices(stages, false), {
      title: `CuTe IR: IR after a pass (${lowered.result.pipeline ?? 'default pipeline'})`,
      placeHolder: 'Pick a pass to compare the IR before and after it',
    });
    if (picked?.stage === -1) {
      picked = await vscode.window.showQuickPick(passChoices(stages, true), { title: 'CuTe IR: IR after a pass (all passes)' });
    }
    if (!picked || picked.stage < 0) return;
    const stage = stages[picked.stage];
    const before = this.virtualUri(lowered.source, `before-${picked.stage + 1}-${stage.pass}`);
    const after = this.virtualUri(lowered.source, `after-${picked.stage + 1}-${stage.pass}`);
    this.texts.set(before.toString(), textBefore(stages, picked.stage, lowered.result.input ?? ''));
    this.texts.set(after.toString(), stage.text);
    this.changeEmitter.fire(before);
    this.changeEmitter.fire(after);
    const title = diffTitle(path.basename(lowered.source.path), stage, picked.stage);
    await vscode.commands.executeCommand('vscode.diff', before, after, title, {
      viewColumn: vscode.ViewColumn.Beside,
      preview: false,
    });
  }

  /** The server's lowering of the active IR document, or undefined after telling the user why not. */
  private async request(): Promise<{ source: vscode.Uri; result: LoweredIrResult } | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'cute-ir' || editor.document.uri.scheme === LOWERED_SCHEME) {
      void vscode.window.showInformationMessage('Open a CuTe IR (.ir) file to see its lowered IR.');
      return undefined;
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
      return undefined;
    }
    if (!result || typeof result.text !== 'string') {
      void vscode.window.showInformationMessage('The server returned no lowered IR for this document.');
      return undefined;
    }
    return { source, result };
  }

  private virtualUri(source: vscode.Uri, suffix: string): vscode.Uri {
    return vscode.Uri.from({
      scheme: LOWERED_SCHEME,
      path: `/${path.basename(source.path, path.extname(source.path))}.${suffix}.ir`,
      query: source.toString(),
    });
  }
}
