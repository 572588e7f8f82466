import * as path from 'node:path';
import * as vscode from 'vscode';
import { LinkedViewManager } from './linkedView';
import { sanitizeLineMap } from './lineMap';
import { PtxPreviewRequest } from './protocol';
import { ServerController } from './serverController';

export const PTX_SCHEME = 'cute-ir-ptx';

/**
 * Side-by-side, read-only PTX of an IR document (virtual `cute-ir-ptx:` documents), following
 * edits and linked line by line with the IR (linkedView.ts). ptxas findings land on the IR op
 * that produced the line.
 */
export class PtxPreviewManager extends LinkedViewManager {
  constructor(server: ServerController, log: vscode.LogOutputChannel) {
    super(
      {
        scheme: PTX_SCHEME,
        feature: 'PTX preview',
        method: PtxPreviewRequest.method,
        contentName: 'PTX',
        openHint: 'Open a CuTe IR (.ir) file to preview its PTX.',
        fileName: (source) => `${path.basename(source.path)}.ptx`,
        language: 'ptx',
        placeholder: (source, problem) =>
          `// No PTX for ${path.basename(source.path)}: ${problem ?? 'waiting for the language server'}\n`,
        diagnosticsName: 'cute-ir-ptx',
        fetch: async (client, source) => {
          const result = await client.sendRequest(PtxPreviewRequest, {
            // No `arch`: the server previews for the document's target (its own #nvvm.target,
            // else the `cute-ir.targetArch` setting), the one the status bar shows.
            textDocument: { uri: client.code2ProtocolConverter.asUri(source) },
            // The server runs ptxas from the machine-scoped `cute-ir.ptxas.path`, with an
            // argument vector.
            assemble: true,
          });
          if (!result || typeof result.ptx !== 'string') return null;
          return {
            text: result.ptx,
            lineMap: sanitizeLineMap(result.lineMap, result.ptx.split('\n').length),
            diagnostics: Array.isArray(result.diagnostics) ? result.diagnostics : [],
          };
        },
      },
      server,
      log,
    );
  }
}
