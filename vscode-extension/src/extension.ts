import * as vscode from 'vscode';
import { PreviewPtxCodeLensProvider } from './codeLens';
import * as config from './config';
import { DescriptorFieldsView } from './descriptorFields';
import { LoweredIrTokens, LoweredIrView, PassDiffView } from './loweredIr';
import { MlirRouter } from './mlirRouter';
import { PtxPreviewManager } from './ptxPreview';
import { ServerController } from './serverController';
import { selectTargetArch, StatusBar } from './statusBar';

let server: ServerController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // A log channel: vscode-languageclient 10+ requires one, and it gives levels and timestamps.
  const log = vscode.window.createOutputChannel('CuTe IR Language Server', { log: true });
  server = new ServerController(log);
  const ptxPreview = new PtxPreviewManager(server, log);
  const descriptorFields = new DescriptorFieldsView(server, log);
  const loweredIr = new LoweredIrView(server, log);
  const passDiff = new PassDiffView(server, log);
  const codeLenses = new PreviewPtxCodeLensProvider();

  // Every command contributed in package.json is registered here.
  const commands: Record<string, (...args: any[]) => unknown> = {
    'cute-ir.showPtxPreview': (uri?: unknown, line?: unknown) =>
      ptxPreview.show(uri instanceof vscode.Uri ? uri : undefined, typeof line === 'number' ? line : undefined),
    'cute-ir.showDescriptorFields': () => descriptorFields.show(),
    'cute-ir.showLoweredIr': () => loweredIr.show(),
    'cute-ir.showIrAfterPass': () => passDiff.show(),
    'cute-ir.restartServer': () => server?.restart(),
    'cute-ir.selectTargetArch': () => selectTargetArch(config.knownArchitectures(context.extension)),
    'cute-ir.showServerLog': () => log.show(true),
  };

  context.subscriptions.push(
    log,
    server,
    ptxPreview,
    descriptorFields,
    loweredIr,
    new LoweredIrTokens(loweredIr, server),
    new MlirRouter(log),
    passDiff,
    new StatusBar(server),
    codeLenses,
    vscode.languages.registerCodeLensProvider(
      [
        { scheme: 'file', language: 'cute-ir' },
        { scheme: 'untitled', language: 'cute-ir' },
      ],
      codeLenses,
    ),
    server.onDidChangeState((state) => state === 'running' && codeLenses.refresh()),
    ...Object.entries(commands).map(([id, handler]) => vscode.commands.registerCommand(id, handler)),
  );

  // Not awaited: activation must not wait for (or fail with) the server.
  void server.start();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}
