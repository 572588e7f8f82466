import * as vscode from 'vscode';
import { DescriptorField, DescriptorFieldsRequest, DescriptorFieldsResult } from './protocol';
import { reportRequestFailure } from './requests';
import { ServerController } from './serverController';

/**
 * Shows the bit fields of the descriptor under the cursor (e.g. a shared
 * memory or TMA descriptor) as a table in a webview beside the editor.
 */
export class DescriptorFieldsView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  constructor(
    private readonly server: ServerController,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  dispose(): void {
    this.panel?.dispose();
  }

  async show(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'cute-ir') {
      void vscode.window.showInformationMessage('Put the cursor on a descriptor in a CuTe IR (.ir) file first.');
      return;
    }
    let result: DescriptorFieldsResult | null;
    try {
      const client = this.server.requireClient();
      result = await client.sendRequest(DescriptorFieldsRequest, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(editor.document.uri) },
        position: client.code2ProtocolConverter.asPosition(editor.selection.active),
      });
    } catch (error) {
      reportRequestFailure('The descriptor fields view', DescriptorFieldsRequest.method, error, this.log);
      return;
    }
    if (!result || !Array.isArray(result.fields)) {
      void vscode.window.showInformationMessage('There is no descriptor at the cursor.');
      return;
    }
    const title = result.title || 'Descriptor fields';
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        'cute-ir.descriptorFields',
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableFindWidget: true, localResourceRoots: [] },
      );
      this.panel.onDidDispose(() => (this.panel = undefined));
    }
    this.panel.title = title;
    this.panel.webview.html = renderFieldsHtml(title, result.fields, this.panel.webview.cspSource);
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function formatValue(value: DescriptorField['value']): string {
  if (typeof value === 'number' && Number.isInteger(value)) return `${value} (0x${value.toString(16)})`;
  if (value === null || value === undefined) return '—';
  return String(value);
}

function bitSpan(f: DescriptorField): string {
  if (f.low === null || f.width === null) return '—';
  const high = f.low + f.width - 1;
  return f.width <= 1 ? `[${f.low}]` : `[${high}:${f.low}]`;
}

/** Server text is untrusted: everything is escaped and the page runs no scripts. */
export function renderFieldsHtml(title: string, fields: DescriptorField[], cspSource: string): string {
  const rows = fields
    .map(
      (f) =>
        `<tr><td class="name">${escapeHtml(String(f.name))}</td><td class="bits">${escapeHtml(bitSpan(f))}</td>` +
        `<td class="value">${escapeHtml(formatValue(f.value))}</td><td>${escapeHtml(String(f.meaning ?? ''))}</td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'unsafe-inline';">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1em; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 3px 10px; border-bottom: 1px solid var(--vscode-panel-border); vertical-align: top; }
  th { font-weight: 600; }
  td.name, td.bits, td.value { font-family: var(--vscode-editor-font-family); white-space: nowrap; }
</style>
</head>
<body>
<h2>${escapeHtml(title)}</h2>
<table>
<thead><tr><th>Field</th><th>Bits</th><th>Value</th><th>Meaning</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>`;
}
