import * as vscode from 'vscode';
import * as config from './config';
import { describeTarget } from './documentTarget';
import { DocumentTargetRequest, DocumentTargetResult } from './protocol';
import { ServerController, ServerState } from './serverController';

/** How many times a null answer for an open IR document is asked again. */
const MAX_ASKS = 10;

const ICONS: Record<ServerState, string> = {
  starting: '$(sync~spin)',
  running: '$(check)',
  stopped: '$(circle-slash)',
  error: '$(error)',
};

/**
 * "cute-ir: sm_90a" plus the server state; a click changes the target architecture. For an IR
 * document the server says which target applies (`cute-ir/documentTarget`): the one the file
 * declares ("sm_100a (file)"), the setting, or under `auto` what the file's atoms need
 * ("sm_100a (inferred)") or the default ("sm_90a (default)").
 */
export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('cute-ir.status', vscode.StatusBarAlignment.Right, 100);
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly server: ServerController) {
    this.item.name = 'CuTe IR';
    this.item.command = 'cute-ir.selectTargetArch';
    this.disposables = [
      this.item,
      server.onDidChangeState(() => void this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('cute-ir.targetArch')) void this.update();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => {
        this.unanswered = 0;
        void this.update();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.updateSoon();
      }),
    ];
    void this.update();
    this.item.show();
  }

  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  /** Null answers in a row for the active IR document (see update). */
  private unanswered = 0;

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.disposables.forEach((d) => d.dispose());
  }

  /** Typing may add or remove a declaration; ask again once it pauses. */
  private updateSoon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), 300);
  }

  private async documentTarget(): Promise<DocumentTargetResult | null> {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || document.languageId !== 'cute-ir' || this.server.state !== 'running') return null;
    try {
      const client = this.server.requireClient();
      return await client.sendRequest(DocumentTargetRequest, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
      });
    } catch {
      return null; // an older server, or it stopped: the setting is what applies
    }
  }

  private async update(): Promise<void> {
    const seq = ++this.seq;
    const result = await this.documentTarget();
    if (seq !== this.seq) return; // superseded by a later update
    const state = this.server.state;
    // Just after a start the request can overtake the client's didOpen of the active document,
    // and the server answers null for a document it has not been given: ask again shortly.
    const document = vscode.window.activeTextEditor?.document;
    if (result === null && state === 'running' && document?.languageId === 'cute-ir' && this.unanswered < MAX_ASKS) {
      this.unanswered++;
      this.updateSoon();
    } else if (result !== null) {
      this.unanswered = 0;
    }
    const target = describeTarget(result, config.targetArch(vscode.window.activeTextEditor?.document.uri));
    this.item.text = `${ICONS[state]} cute-ir: ${target.text}${state === 'running' ? '' : ` (${state})`}`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendText(`CuTe IR language server: ${state}\n\n`);
    if (this.server.errorDetail) tooltip.appendText(`${this.server.errorDetail}\n\n`);
    tooltip.appendText(`${target.detail} (click to change the setting)`);
    this.item.tooltip = tooltip;
    this.item.backgroundColor =
      state === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }
}

/** Quick pick over the `cute-ir.targetArch` enum; writes the workspace setting (user setting without a workspace). */
export async function selectTargetArch(architectures: string[]): Promise<void> {
  const current = config.targetArch(vscode.window.activeTextEditor?.document.uri);
  const items: vscode.QuickPickItem[] = architectures.map((arch) => ({
    label: arch,
    description: arch === current ? 'current' : undefined,
    detail: arch === 'auto' ? "each file's own target: declared, else what its atoms need" : undefined,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'CuTe IR: target architecture',
    placeHolder: `Current: ${current}`,
  });
  if (!picked || picked.label === current) return;
  const target = vscode.workspace.workspaceFolders?.length
    ? vscode.ConfigurationTarget.Workspace
    : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration(config.SECTION).update('targetArch', picked.label, target);
}
