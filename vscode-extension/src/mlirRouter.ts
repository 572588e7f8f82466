import * as vscode from 'vscode';
import { mlirFiles } from './config';
import { isMlirPath, takesMlirFile } from './mlirFiles';

export const MLIR_LANGUAGE = 'mlir';
export const CUTE_IR_LANGUAGE = 'cute-ir';

/**
 * Gives `.mlir` documents the CuTe IR language when `cute-ir.mlirFiles` says so (mlirFiles.ts).
 * Each document is decided once, when it is first seen, so a language the user then picks by
 * hand stays; changing the setting decides every open `.mlir` document again.
 */
export class MlirRouter implements vscode.Disposable {
  private readonly seen = new Set<string>();
  /** Documents this router made CuTe IR, which a later setting may give back to MLIR. */
  private readonly taken = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.disposables = [
      vscode.workspace.onDidOpenTextDocument((doc) => this.firstLook(doc)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('cute-ir.mlirFiles')) {
          for (const doc of vscode.workspace.textDocuments) void this.decide(doc);
        }
      }),
    ];
    for (const doc of vscode.workspace.textDocuments) this.firstLook(doc);
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  private firstLook(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    if (this.seen.has(key)) return;
    this.seen.add(key);
    void this.decide(doc);
  }

  private async decide(doc: vscode.TextDocument): Promise<void> {
    if (!isMlirPath(doc.uri.path) || !['file', 'untitled'].includes(doc.uri.scheme)) return;
    const key = doc.uri.toString();
    const wanted = takesMlirFile(mlirFiles(doc.uri), doc.getText());
    try {
      if (wanted && doc.languageId !== CUTE_IR_LANGUAGE) {
        this.taken.add(key);
        await vscode.languages.setTextDocumentLanguage(doc, CUTE_IR_LANGUAGE);
      } else if (!wanted && doc.languageId === CUTE_IR_LANGUAGE && this.taken.has(key)) {
        this.taken.delete(key);
        await vscode.languages.setTextDocumentLanguage(doc, MLIR_LANGUAGE);
      }
    } catch (error) {
      this.log.warn(`could not set the language of ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
