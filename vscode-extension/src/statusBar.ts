import * as vscode from 'vscode';
import * as config from './config';
import { ServerController, ServerState } from './serverController';

const ICONS: Record<ServerState, string> = {
  starting: '$(sync~spin)',
  running: '$(check)',
  stopped: '$(circle-slash)',
  error: '$(error)',
};

/** "cute-ir: sm_90a" plus the server state; a click changes the target architecture. */
export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('cute-ir.status', vscode.StatusBarAlignment.Right, 100);
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly server: ServerController) {
    this.item.name = 'CuTe IR';
    this.item.command = 'cute-ir.selectTargetArch';
    this.disposables = [
      this.item,
      server.onDidChangeState(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('cute-ir.targetArch')) this.update();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
    ];
    this.update();
    this.item.show();
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  private update(): void {
    const state = this.server.state;
    const arch = config.targetArch(vscode.window.activeTextEditor?.document.uri);
    this.item.text = `${ICONS[state]} cute-ir: ${arch}${state === 'running' ? '' : ` (${state})`}`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendText(`CuTe IR language server: ${state}\n\n`);
    if (this.server.errorDetail) tooltip.appendText(`${this.server.errorDetail}\n\n`);
    tooltip.appendText(`Target architecture: ${arch} (click to change)`);
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
