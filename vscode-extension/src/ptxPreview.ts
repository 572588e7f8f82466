import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { irRangesForPtxLine, Mapping, ptxLinesForPosition, ptxLinesForRange, sanitizeLineMap } from './lineMap';
import { PtxPreviewRequest, PtxPreviewResult } from './protocol';
import { describeError, isMethodNotFound, reportRequestFailure } from './requests';
import { ServerController } from './serverController';

export const PTX_SCHEME = 'cute-ir-ptx';
/** Long enough to coalesce a burst of keystrokes, short enough to feel live. */
const REFRESH_DELAY_MS = 150;

interface Preview {
  source: vscode.Uri;
  ptxUri: vscode.Uri;
  ptx?: string;
  lineMap: Mapping[];
  /** Why there is no (fresh) PTX, shown when there is nothing better. */
  problem?: string;
  /** Increases with every request, so an answer overtaken by a newer edit is dropped. */
  seq: number;
  timer?: ReturnType<typeof setTimeout>;
  /** An edit arrived while no editor showed the preview. */
  stale: boolean;
}

/**
 * Side-by-side, read-only PTX of an IR document (virtual `cute-ir-ptx:`
 * documents). It follows edits, and links the two editors: moving in the PTX
 * reveals the IR that produced the line; moving in the IR highlights its PTX.
 */
export class PtxPreviewManager implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly previews = new Map<string, Preview>(); // by source URI
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('cute-ir-ptx');
  private readonly irHighlight = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.wordHighlightStrongBackground'),
    borderColor: new vscode.ThemeColor('editor.wordHighlightStrongBorder'),
    borderStyle: 'solid',
    borderWidth: '1px',
  });
  private readonly ptxHighlight = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
    // The background alone is faint in some themes; the bar makes the group easy to spot.
    borderColor: new vscode.ThemeColor('editorInfo.foreground'),
    borderStyle: 'solid',
    borderWidth: '0 0 0 3px',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.rangeHighlightForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
  });
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly server: ServerController,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables = [
      this.changeEmitter,
      this.diagnostics,
      this.irHighlight,
      this.ptxHighlight,
      vscode.workspace.registerTextDocumentContentProvider(PTX_SCHEME, this),
      vscode.workspace.onDidChangeTextDocument((e) => this.onDocumentChanged(e)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.onDocumentClosed(doc)),
      vscode.window.onDidChangeTextEditorSelection((e) => this.onSelectionChanged(e)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.onVisibleEditorsChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('cute-ir.targetArch')) this.refreshAll();
      }),
      server.onDidChangeState((state) => {
        if (state === 'running') this.refreshAll();
      }),
    ];
  }

  dispose(): void {
    for (const p of this.previews.values()) clearTimeout(p.timer);
    this.disposables.forEach((d) => d.dispose());
  }

  /** The command: open (or focus) the preview of `source`, default the active IR editor. */
  async show(source?: vscode.Uri, line?: number): Promise<void> {
    const uri = source ?? this.activeIrUri();
    if (!uri) {
      void vscode.window.showInformationMessage('Open a CuTe IR (.ir) file to preview its PTX.');
      return;
    }
    const existing = this.previews.get(uri.toString());
    const preview = existing ?? this.createPreview(uri);
    const ok = await this.refresh(preview, true);
    if (!ok) {
      if (!existing) this.forget(preview);
      return;
    }
    const doc = await vscode.workspace.openTextDocument(preview.ptxUri);
    if ((await vscode.languages.getLanguages()).includes('ptx') && doc.languageId !== 'ptx') {
      await vscode.languages.setTextDocumentLanguage(doc, 'ptx');
    }
    const irEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    await vscode.window.showTextDocument(doc, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    const position = line !== undefined ? new vscode.Position(line, 0) : irEditor?.selection.active;
    if (position) this.highlightPtxFor(preview, position);
  }

  provideTextDocumentContent(uri: vscode.Uri): vscode.ProviderResult<string> {
    let preview = this.byPtxUri(uri);
    if (!preview) {
      // An editor restored from an earlier session: the source is in the query.
      const source = vscode.Uri.parse(uri.query, true);
      preview = this.createPreview(source);
      return this.refresh(preview, false).then(() => this.render(preview!));
    }
    return this.render(preview);
  }

  private render(p: Preview): string {
    if (p.ptx !== undefined) return p.ptx;
    return `// No PTX for ${path.basename(p.source.path)}: ${p.problem ?? 'waiting for the language server'}\n`;
  }

  private createPreview(source: vscode.Uri): Preview {
    const ptxUri = vscode.Uri.from({
      scheme: PTX_SCHEME,
      path: `/${path.basename(source.path)}.ptx`,
      query: source.toString(),
    });
    const preview: Preview = { source, ptxUri, lineMap: [], seq: 0, stale: false };
    this.previews.set(source.toString(), preview);
    return preview;
  }

  private forget(p: Preview): void {
    clearTimeout(p.timer);
    this.previews.delete(p.source.toString());
    this.diagnostics.delete(p.source);
  }

  private byPtxUri(uri: vscode.Uri): Preview | undefined {
    const key = uri.toString();
    for (const p of this.previews.values()) if (p.ptxUri.toString() === key) return p;
    return undefined;
  }

  private activeIrUri(): vscode.Uri | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === 'cute-ir') return editor.document.uri;
    if (editor?.document.uri.scheme === PTX_SCHEME) return this.byPtxUri(editor.document.uri)?.source;
    return vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'cute-ir')?.document.uri;
  }

  private isVisible(p: Preview): boolean {
    return vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === p.ptxUri.toString());
  }

  /**
   * Asks the server for fresh PTX. Interactive refreshes (the command) report
   * failures and return false; live ones keep the last good PTX.
   */
  private async refresh(p: Preview, interactive: boolean): Promise<boolean> {
    const seq = ++p.seq;
    p.stale = false;
    let result: PtxPreviewResult | null;
    let client: LanguageClient;
    try {
      client = this.server.requireClient();
      result = await client.sendRequest(PtxPreviewRequest, {
        // No `arch`: the server previews for the document's target (its own #nvvm.target, else
        // the `cute-ir.targetArch` setting), the one the status bar shows.
        textDocument: { uri: client.code2ProtocolConverter.asUri(p.source) },
        // ptxas findings land on the IR op that produced the line (the server runs ptxas from
        // the machine-scoped `cute-ir.ptxas.path`, with an argument vector).
        assemble: true,
      });
    } catch (error) {
      if (seq !== p.seq) return true; // superseded
      if (interactive) {
        reportRequestFailure('PTX preview', PtxPreviewRequest.method, error, this.log);
        return false;
      }
      p.problem = isMethodNotFound(error) ? 'this server version has no PTX preview' : describeError(error);
      this.log.warn(`PTX preview of ${p.source.toString()}: ${p.problem}`);
      if (p.ptx !== undefined) vscode.window.setStatusBarMessage(`PTX preview not updated: ${p.problem}`, 5000);
      this.changeEmitter.fire(p.ptxUri);
      return true;
    }
    if (seq !== p.seq) return true;
    if (!result || typeof result.ptx !== 'string') {
      p.ptx = undefined;
      p.lineMap = [];
      p.problem = 'the server returned no PTX for this document';
    } else {
      p.ptx = result.ptx;
      p.lineMap = sanitizeLineMap(result.lineMap, result.ptx.split('\n').length);
      p.problem = undefined;
    }
    const diags = Array.isArray(result?.diagnostics) ? result!.diagnostics! : [];
    try {
      this.diagnostics.set(p.source, await client.protocol2CodeConverter.asDiagnostics(diags));
    } catch (error) {
      this.log.warn(`ignoring malformed PTX preview diagnostics: ${describeError(error)}`);
    }
    this.changeEmitter.fire(p.ptxUri);
    return true;
  }

  private scheduleRefresh(p: Preview): void {
    clearTimeout(p.timer);
    if (!this.isVisible(p)) {
      p.stale = true; // refreshed when it is shown again
      return;
    }
    p.timer = setTimeout(() => void this.refresh(p, false), REFRESH_DELAY_MS);
  }

  private refreshAll(): void {
    for (const p of this.previews.values()) this.scheduleRefresh(p);
  }

  private onDocumentChanged(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    if (e.document.uri.scheme === PTX_SCHEME) {
      // New PTX text: the highlighted lines belong to the old one.
      const p = this.byPtxUri(e.document.uri);
      const irEditor = p && this.irEditors(p)[0];
      if (p && irEditor) this.highlightPtxFor(p, irEditor.selection.active);
      return;
    }
    const p = this.previews.get(e.document.uri.toString());
    if (p) this.scheduleRefresh(p);
  }

  private onDocumentClosed(doc: vscode.TextDocument): void {
    if (doc.uri.scheme !== PTX_SCHEME) return;
    const p = this.byPtxUri(doc.uri);
    if (p) this.forget(p);
  }

  private onVisibleEditorsChanged(): void {
    for (const p of this.previews.values()) {
      if (p.stale && this.isVisible(p)) this.scheduleRefresh(p);
    }
  }

  private irEditors(p: Preview): vscode.TextEditor[] {
    return vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === p.source.toString());
  }

  private ptxEditors(p: Preview): vscode.TextEditor[] {
    return vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === p.ptxUri.toString());
  }

  private onSelectionChanged(e: vscode.TextEditorSelectionChangeEvent): void {
    const doc = e.textEditor.document;
    const active = e.selections[0]?.active;
    if (!active) return;
    if (doc.uri.scheme === PTX_SCHEME) {
      const p = this.byPtxUri(doc.uri);
      if (p) this.revealIrFor(p, active.line);
      return;
    }
    const p = this.previews.get(doc.uri.toString());
    if (p) this.highlightPtxFor(p, active);
  }

  /**
   * PTX line selected: highlight and reveal the IR it came from, and, in the
   * PTX, every line that IR produced (the instruction group of the line).
   */
  private revealIrFor(p: Preview, ptxLine: number): void {
    const irRanges = irRangesForPtxLine(p.lineMap, ptxLine);
    const ranges = irRanges.map((r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character));
    for (const editor of this.irEditors(p)) {
      const clipped = ranges.map((r) => editor.document.validateRange(r));
      editor.setDecorations(this.irHighlight, clipped);
      if (clipped[0]) editor.revealRange(clipped[0], vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    const group = new Set(irRanges.flatMap((r) => ptxLinesForRange(p.lineMap, r)));
    for (const editor of this.ptxEditors(p)) {
      editor.setDecorations(
        this.ptxHighlight,
        [...group].filter((l) => l < editor.document.lineCount).map((l) => new vscode.Range(l, 0, l, 0)),
      );
    }
  }

  /** IR cursor moved: highlight the PTX it produced. */
  private highlightPtxFor(p: Preview, position: vscode.Position): void {
    const lines = ptxLinesForPosition(p.lineMap, { line: position.line, character: position.character });
    for (const editor of this.ptxEditors(p)) {
      const ranges = lines
        .filter((l) => l < editor.document.lineCount)
        .map((l) => new vscode.Range(l, 0, l, 0));
      editor.setDecorations(this.ptxHighlight, ranges);
      if (ranges[0]) editor.revealRange(ranges[0], vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    // The IR-side highlight answers a PTX selection; it is stale once the IR cursor moves.
    for (const editor of this.irEditors(p)) editor.setDecorations(this.irHighlight, []);
  }
}
