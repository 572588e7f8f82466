import * as vscode from 'vscode';
import { ErrorCodes } from 'vscode-languageclient/node';
import { ServerNotRunningError } from './serverController';

/** JSON-RPC "method not found": the server predates this request. */
export function isMethodNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === ErrorCodes.MethodNotFound;
}

function isConnectionGone(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === ErrorCodes.ConnectionInactive || code === ErrorCodes.PendingResponseRejected;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

/**
 * Tells the user why a custom request produced nothing. Never throws: a
 * missing feature on an older server is information, not a crash.
 *
 * @param feature e.g. "Lowered IR"; used as "<feature> is not available from this server version".
 */
export function reportRequestFailure(feature: string, method: string, error: unknown, log: vscode.LogOutputChannel): void {
  if (isMethodNotFound(error)) {
    log.info(`${method}: not implemented by the server`);
    void vscode.window.showInformationMessage(
      `${feature} is not available from this server version (it does not implement ${method}).`,
    );
  } else if (error instanceof ServerNotRunningError || isConnectionGone(error)) {
    void vscode.window
      .showWarningMessage(
        `${feature}: ${error instanceof ServerNotRunningError ? error.message : 'the cute-ir language server is not running.'}`,
        'Restart Server',
      )
      .then((choice) => choice && vscode.commands.executeCommand('cute-ir.restartServer'));
  } else {
    log.error(`${method} failed: ${describeError(error)}`);
    void vscode.window.showErrorMessage(`${feature} failed: ${describeError(error)}`);
  }
}
