import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { irRangesForPtxLine, Mapping, ptxLinesForPosition, ptxLinesForRange, Rng } from './lineMap';
import { covers } from './loweredScope';
import { describeError, isMethodNotFound, reportRequestFailure } from './requests';
import { ServerController } from './serverController';

/** Long enough to coalesce a burst of keystrokes, short enough to feel live. */
const REFRESH_DELAY_MS = 150;

/** What the server derived from a source document: the text to show and where each line came from. */
export interface ViewContent {
  text: string;
  /** A line of `text` (`ptxLine`) -> the source range that produced it. */
  lineMap: Mapping[];
  /** LSP diagnostics about the source that the derivation found (e.g. ptxas findings); optional. */
  diagnostics?: unknown[];
  /** The part of the source the content shows, when not all of it: the cursor leaving it refreshes the view. */
  covers?: Rng;
  /** Semantic tokens of `text` in the server's legend (LSP's relative encoding), when it sent them. */
  semanticTokens?: number[];
}

/** What a kind of linked view is: its scheme, names and how it asks the server. */
export interface LinkedViewKind {
  /** The virtual documents' URI scheme. */
  scheme: string;
  /** The feature's name in messages: "<feature> is not available from this server version". */
  feature: string;
  method: string;
  /** What the view shows, in messages: "the server returned no <contentName> for this document". */
  contentName: string;
  /** The message when the command runs without an IR document at hand. */
  openHint: string;
  /** The virtual document's file name for a source, e.g. `kernel.ir.ptx`. */
  fileName(source: vscode.Uri): string;
  /** The language of the virtual document, when one is installed. */
  language: string;
  /** What the virtual document says when there is nothing to show. */
  placeholder(source: vscode.Uri, problem: string | undefined): string;
  /** `cursor`: where the source's editor has its cursor, when one shows it. */
  fetch(client: LanguageClient, source: vscode.Uri, cursor?: vscode.Position): Promise<ViewContent | null>;
  /** Settings whose change calls for fresh content, besides the target architecture. */
  settings?: string[];
  /** A diagnostic collection for `ViewContent.diagnostics`; none when the view has none. */
  diagnosticsName?: string;
}

/** An IR document the user edits (not one of the views derived from one, which are cute-ir too). */
function isIrSource(doc: vscode.TextDocument): boolean {
  return doc.languageId === 'cute-ir' && (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled');
}

interface View {
  source: vscode.Uri;
  viewUri: vscode.Uri;
  content?: ViewContent;
  /** Why there is no (fresh) content, shown when there is nothing better. */
  problem?: string;
  /** Increases with every request, so an answer overtaken by a newer edit is dropped. */
  seq: number;
  timer?: ReturnType<typeof setTimeout>;
  /** An edit arrived while no editor showed the view. */
  stale: boolean;
}

/**
 * A read-only document derived from an IR document by the server (the PTX preview, the lowered
 * IR), side by side with it. It follows edits, and links the two editors: moving in the view
 * reveals the IR that produced the line; moving in the IR highlights the lines it produced.
 */
export class LinkedViewManager implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly views = new Map<string, View>(); // by source URI
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly diagnostics?: vscode.DiagnosticCollection;
  private readonly irHighlight = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.wordHighlightStrongBackground'),
    borderColor: new vscode.ThemeColor('editor.wordHighlightStrongBorder'),
    borderStyle: 'solid',
    borderWidth: '1px',
  });
  private readonly viewHighlight = vscode.window.createTextEditorDecorationType({
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
    private readonly kind: LinkedViewKind,
    private readonly server: ServerController,
    private readonly log: vscode.LogOutputChannel,
  ) {
    if (kind.diagnosticsName) this.diagnostics = vscode.languages.createDiagnosticCollection(kind.diagnosticsName);
    this.disposables = [
      this.changeEmitter,
      this.irHighlight,
      this.viewHighlight,
      vscode.workspace.registerTextDocumentContentProvider(kind.scheme, this),
      vscode.workspace.onDidChangeTextDocument((e) => this.onDocumentChanged(e)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.onDocumentClosed(doc)),
      vscode.window.onDidChangeTextEditorSelection((e) => this.onSelectionChanged(e)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.onVisibleEditorsChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (['cute-ir.targetArch', ...(kind.settings ?? [])].some((name) => e.affectsConfiguration(name))) this.refreshAll();
      }),
      server.onDidChangeState((state) => {
        if (state === 'running') this.refreshAll();
        // What the server found belongs to that server: a stopped, failed or restarting one
        // leaves nothing behind in the Problems panel (its own diagnostics go with its client).
        else this.diagnostics?.clear();
      }),
    ];
    if (this.diagnostics) this.disposables.push(this.diagnostics);
  }

  dispose(): void {
    for (const v of this.views.values()) clearTimeout(v.timer);
    this.disposables.forEach((d) => d.dispose());
  }

  /** The command: open (or focus) the view of `source`, default the active IR editor. */
  async show(source?: vscode.Uri, line?: number): Promise<void> {
    const uri = source ?? this.activeIrUri();
    if (!uri) {
      void vscode.window.showInformationMessage(this.kind.openHint);
      return;
    }
    const existing = this.views.get(uri.toString());
    const view = existing ?? this.createView(uri);
    const ok = await this.refresh(view, true);
    if (!ok) {
      if (!existing) this.forget(view);
      return;
    }
    const doc = await vscode.workspace.openTextDocument(view.viewUri);
    if ((await vscode.languages.getLanguages()).includes(this.kind.language) && doc.languageId !== this.kind.language) {
      await vscode.languages.setTextDocumentLanguage(doc, this.kind.language);
    }
    const irEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    await vscode.window.showTextDocument(doc, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    const position = line !== undefined ? new vscode.Position(line, 0) : irEditor?.selection.active;
    if (position) this.highlightViewFor(view, position);
  }

  /** The content a view document shows now, if `uri` is one and has content. */
  contentOf(uri: vscode.Uri): ViewContent | undefined {
    return this.byViewUri(uri)?.content;
  }

  provideTextDocumentContent(uri: vscode.Uri): vscode.ProviderResult<string> {
    let view = this.byViewUri(uri);
    if (!view) {
      // An editor restored from an earlier session: the source is in the query.
      const source = vscode.Uri.parse(uri.query, true);
      view = this.createView(source);
      return this.refresh(view, false).then(() => this.render(view!));
    }
    return this.render(view);
  }

  private render(v: View): string {
    return v.content !== undefined ? v.content.text : this.kind.placeholder(v.source, v.problem);
  }

  private createView(source: vscode.Uri): View {
    const viewUri = vscode.Uri.from({ scheme: this.kind.scheme, path: `/${this.kind.fileName(source)}`, query: source.toString() });
    const view: View = { source, viewUri, seq: 0, stale: false };
    this.views.set(source.toString(), view);
    return view;
  }

  private forget(v: View): void {
    clearTimeout(v.timer);
    this.views.delete(v.source.toString());
    this.diagnostics?.delete(v.source);
  }

  private byViewUri(uri: vscode.Uri): View | undefined {
    const key = uri.toString();
    for (const v of this.views.values()) if (v.viewUri.toString() === key) return v;
    return undefined;
  }

  private activeIrUri(): vscode.Uri | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.uri.scheme === this.kind.scheme) return this.byViewUri(editor.document.uri)?.source;
    if (editor && isIrSource(editor.document)) return editor.document.uri;
    return vscode.window.visibleTextEditors.find((e) => isIrSource(e.document))?.document.uri;
  }

  private isVisible(v: View): boolean {
    return vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === v.viewUri.toString());
  }

  /**
   * Asks the server for fresh content. Interactive refreshes (the command) report failures and
   * return false; live ones keep the last good content.
   */
  private async refresh(v: View, interactive: boolean): Promise<boolean> {
    const seq = ++v.seq;
    v.stale = false;
    let result: ViewContent | null;
    let client: LanguageClient;
    try {
      client = this.server.requireClient();
      result = await this.kind.fetch(client, v.source, this.irEditors(v)[0]?.selection.active);
    } catch (error) {
      if (seq !== v.seq) return true; // superseded
      if (interactive) {
        reportRequestFailure(this.kind.feature, this.kind.method, error, this.log);
        return false;
      }
      v.problem = isMethodNotFound(error) ? `this server version has no ${this.kind.feature}` : describeError(error);
      this.log.warn(`${this.kind.feature} of ${v.source.toString()}: ${v.problem}`);
      if (v.content !== undefined) vscode.window.setStatusBarMessage(`${this.kind.feature} not updated: ${v.problem}`, 5000);
      this.changeEmitter.fire(v.viewUri);
      return true;
    }
    if (seq !== v.seq) return true;
    v.content = result ?? undefined;
    v.problem = result ? undefined : `the server returned no ${this.kind.contentName} for this document`;
    if (this.diagnostics) {
      const diags = Array.isArray(result?.diagnostics) ? result!.diagnostics! : [];
      try {
        this.diagnostics.set(v.source, await client.protocol2CodeConverter.asDiagnostics(diags as never));
      } catch (error) {
        this.log.warn(`ignoring malformed ${this.kind.feature} diagnostics: ${describeError(error)}`);
      }
    }
    this.changeEmitter.fire(v.viewUri);
    return true;
  }

  private scheduleRefresh(v: View): void {
    clearTimeout(v.timer);
    if (!this.isVisible(v)) {
      v.stale = true; // refreshed when it is shown again
      return;
    }
    v.timer = setTimeout(() => void this.refresh(v, false), REFRESH_DELAY_MS);
  }

  private refreshAll(): void {
    for (const v of this.views.values()) this.scheduleRefresh(v);
  }

  private onDocumentChanged(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    if (e.document.uri.scheme === this.kind.scheme) {
      // New text: the highlighted lines belong to the old one.
      const v = this.byViewUri(e.document.uri);
      const irEditor = v && this.irEditors(v)[0];
      if (v && irEditor) this.highlightViewFor(v, irEditor.selection.active);
      return;
    }
    const v = this.views.get(e.document.uri.toString());
    if (v) this.scheduleRefresh(v);
  }

  private onDocumentClosed(doc: vscode.TextDocument): void {
    if (doc.uri.scheme !== this.kind.scheme) return;
    const v = this.byViewUri(doc.uri);
    if (v) this.forget(v);
  }

  private onVisibleEditorsChanged(): void {
    for (const v of this.views.values()) {
      if (v.stale && this.isVisible(v)) this.scheduleRefresh(v);
    }
  }

  private irEditors(v: View): vscode.TextEditor[] {
    return vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === v.source.toString());
  }

  private viewEditors(v: View): vscode.TextEditor[] {
    return vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === v.viewUri.toString());
  }

  private onSelectionChanged(e: vscode.TextEditorSelectionChangeEvent): void {
    const doc = e.textEditor.document;
    const active = e.selections[0]?.active;
    if (!active) return;
    if (doc.uri.scheme === this.kind.scheme) {
      const v = this.byViewUri(doc.uri);
      if (v) this.revealIrFor(v, active.line);
      return;
    }
    const v = this.views.get(doc.uri.toString());
    if (!v) return;
    if (!covers(v.content?.covers, active)) this.scheduleRefresh(v); // the cursor left what the view shows
    this.highlightViewFor(v, active);
  }

  /**
   * A line of the view selected: highlight and reveal the IR it came from, and, in the view,
   * every line that IR produced (the line's group).
   */
  private revealIrFor(v: View, viewLine: number): void {
    const lineMap = v.content?.lineMap ?? [];
    const irRanges = irRangesForPtxLine(lineMap, viewLine);
    const ranges = irRanges.map((r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character));
    for (const editor of this.irEditors(v)) {
      const clipped = ranges.map((r) => editor.document.validateRange(r));
      editor.setDecorations(this.irHighlight, clipped);
      if (clipped[0]) editor.revealRange(clipped[0], vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    const group = new Set(irRanges.flatMap((r) => ptxLinesForRange(lineMap, r)));
    for (const editor of this.viewEditors(v)) {
      editor.setDecorations(
        this.viewHighlight,
        [...group].filter((l) => l < editor.document.lineCount).map((l) => new vscode.Range(l, 0, l, 0)),
      );
    }
  }

  /** IR cursor moved: highlight the lines of the view it produced. */
  private highlightViewFor(v: View, position: vscode.Position): void {
    const lines = ptxLinesForPosition(v.content?.lineMap ?? [], { line: position.line, character: position.character });
    for (const editor of this.viewEditors(v)) {
      const ranges = lines.filter((l) => l < editor.document.lineCount).map((l) => new vscode.Range(l, 0, l, 0));
      editor.setDecorations(this.viewHighlight, ranges);
      if (ranges[0]) editor.revealRange(ranges[0], vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    // The IR-side highlight answers a selection in the view; it is stale once the IR cursor moves.
    for (const editor of this.irEditors(v)) editor.setDecorations(this.irHighlight, []);
  }
}
