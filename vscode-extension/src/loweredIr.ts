import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { loweredIrScope } from './config';
import { LinkedViewManager } from './linkedView';
import { wantsFunction } from './loweredScope';
import { sanitizeLineMap } from './lineMap';
import { diffTitle, passChoices, textAfter, textBefore } from './passPicker';
import { LoweredIrRequest, LoweredIrResult } from './protocol';
import { reportRequestFailure } from './requests';
import { ServerController } from './serverController';

export const LOWERED_SCHEME = 'cute-ir-lowered';
/** The before / after documents of a pass, shown in a diff editor. */
export const PASS_SCHEME = 'cute-ir-pass';

/**
 * The server's lowering of `source` (default pipeline, the document's target): of the function
 * at `cursor` when given, else of the whole module.
 */
/**
 * Ask for the lowering of `source`. `stages` is what the caller reads: the pane only the
 * output ("last"), the pass picker the stages that changed something ("changed"); a 50k-line
 * module's every stage is tens of megabytes the pane would throw away.
 */
function requestLowering(
  client: LanguageClient,
  source: vscode.Uri,
  stages: 'changed' | 'last',
  cursor?: vscode.Position,
): Promise<LoweredIrResult | null> {
  const position = cursor ? { position: client.code2ProtocolConverter.asPosition(cursor) } : {};
  // The pane shows the output coloured like the source: it asks for the output's tokens too.
  const tokens = stages === 'last' ? { semanticTokens: true } : {};
  return client.sendRequest(LoweredIrRequest, {
    textDocument: { uri: client.code2ProtocolConverter.asUri(source) },
    stages,
    ...position,
    ...tokens,
  });
}

/** Where the pane should follow the cursor (`cute-ir.loweredIr.scope`), else undefined. */
function functionCursor(source: vscode.Uri, cursor: vscode.Position | undefined): vscode.Position | undefined {
  if (!cursor) return undefined;
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === source.toString());
  return doc && wantsFunction(loweredIrScope(source), doc.lineCount) ? cursor : undefined;
}

/**
 * The IR after the lowering pipeline, side by side with the IR, following edits and linked
 * line by line with it (linkedView.ts): the line map of the last pass's output.
 */
export class LoweredIrView extends LinkedViewManager {
  constructor(server: ServerController, log: vscode.LogOutputChannel) {
    super(
      {
        scheme: LOWERED_SCHEME,
        feature: 'Lowered IR',
        method: LoweredIrRequest.method,
        contentName: 'lowered IR',
        openHint: 'Open a CuTe IR (.ir) file to see its lowered IR.',
        fileName: (source) => `${path.basename(source.path, path.extname(source.path))}.lowered.ir`,
        language: 'cute-ir',
        placeholder: (source, problem) =>
          `// No lowered IR for ${path.basename(source.path)}: ${problem ?? 'waiting for the language server'}\n`,
        settings: ['cute-ir.loweredIr.scope'],
        fetch: async (client, source, cursor) => {
          const result = await requestLowering(client, source, 'last', functionCursor(source, cursor));
          if (!result || typeof result.text !== 'string') return null;
          const entries = (result.lineMap ?? []).map((m) => ({ ptxLine: m.line, range: m.range }));
          const shown = result.scope === 'function' && result.range ? { covers: result.range } : {};
          const tokens = Array.isArray(result.semanticTokens) ? { semanticTokens: result.semanticTokens } : {};
          return { text: result.text, lineMap: sanitizeLineMap(entries, result.text.split('\n').length), ...shown, ...tokens };
        },
      },
      server,
      log,
    );
  }
}

/**
 * Semantic tokens for the Lowered IR pane: the ones the server sent with its text, so the pane
 * is coloured as the source beside it is (the language client colours only documents the
 * server has open). Registered with the server's legend while a server runs.
 */
export class LoweredIrTokens implements vscode.DocumentSemanticTokensProvider, vscode.Disposable {
  private registration: vscode.Disposable | undefined;
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeSemanticTokens = this.changeEmitter.event;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly view: LoweredIrView,
    server: ServerController,
  ) {
    this.disposables = [
      this.changeEmitter,
      view.onDidChange(() => this.changeEmitter.fire()),
      server.onDidChangeState((state) => {
        this.registration?.dispose();
        this.registration = undefined;
        const legend = state === 'running' ? server.semanticTokensLegend() : undefined;
        if (legend) {
          this.registration = vscode.languages.registerDocumentSemanticTokensProvider(
            { scheme: LOWERED_SCHEME },
            this,
            new vscode.SemanticTokensLegend(legend.tokenTypes, legend.tokenModifiers),
          );
        }
      }),
    ];
  }

  dispose(): void {
    this.registration?.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  provideDocumentSemanticTokens(document: vscode.TextDocument): vscode.SemanticTokens | null {
    const content = this.view.contentOf(document.uri);
    // Tokens of another text than the one shown would colour the wrong characters.
    if (!content?.semanticTokens || content.text !== document.getText()) return null;
    return new vscode.SemanticTokens(Uint32Array.from(content.semanticTokens));
  }
}

/** Pick a pass of the pipeline and see what it changed: the IR before and after it, as a diff. */
export class PassDiffView implements vscode.TextDocumentContentProvider, vscode.Disposable {
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
      vscode.workspace.registerTextDocumentContentProvider(PASS_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((doc) => this.texts.delete(doc.uri.toString())),
    ];
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// Run "CuTe IR: Show IR After Pass..." again to compare a pass.\n';
  }

  async show(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'cute-ir' || !['file', 'untitled'].includes(editor.document.uri.scheme)) {
      void vscode.window.showInformationMessage('Open a CuTe IR (.ir) file to compare the IR before and after a pass.');
      return;
    }
    const source = editor.document.uri;
    let result: LoweredIrResult | null;
    try {
      result = await requestLowering(this.server.requireClient(), source, 'changed');
    } catch (error) {
      reportRequestFailure('Lowered IR', LoweredIrRequest.method, error, this.log);
      return;
    }
    const stages = result?.stages ?? [];
    if (stages.length === 0) {
      void vscode.window.showInformationMessage('The lowering ran no pass on this document.');
      return;
    }
    let picked = await vscode.window.showQuickPick(passChoices(stages, false), {
      title: `CuTe IR: IR after a pass (${result?.pipeline ?? 'default pipeline'})`,
      placeHolder: 'Pick a pass to compare the IR before and after it',
    });
    if (picked?.stage === -1) {
      picked = await vscode.window.showQuickPick(passChoices(stages, true), { title: 'CuTe IR: IR after a pass (all passes)' });
    }
    if (!picked || picked.stage < 0) return;
    const stage = stages[picked.stage];
    const before = this.virtualUri(source, `before-${picked.stage + 1}-${stage.pass}`);
    const after = this.virtualUri(source, `after-${picked.stage + 1}-${stage.pass}`);
    this.texts.set(before.toString(), textBefore(stages, picked.stage, result?.input ?? ''));
    this.texts.set(after.toString(), textAfter(stages, picked.stage, result?.input ?? ''));
    this.changeEmitter.fire(before);
    this.changeEmitter.fire(after);
    await vscode.commands.executeCommand('vscode.diff', before, after, diffTitle(path.basename(source.path), stage, picked.stage), {
      viewColumn: vscode.ViewColumn.Beside,
      preview: false,
    });
  }

  private virtualUri(source: vscode.Uri, suffix: string): vscode.Uri {
    return vscode.Uri.from({
      scheme: PASS_SCHEME,
      path: `/${path.basename(source.path, path.extname(source.path))}.${suffix}.ir`,
      query: source.toString(),
    });
  }
}
