import * as vscode from 'vscode';
import { asScopeSetting, ScopeSetting } from './loweredScope';
import { asMlirFilesSetting, MlirFilesSetting } from './mlirFiles';

export const SECTION = 'cute-ir';
/** Each file's own target: declared, else inferred from its atoms, else the server's default. */
export const DEFAULT_ARCH = 'auto';
export const DEFAULT_SERVER_COMMAND = ['cute-ir', 'serve'];

export function targetArch(scope?: vscode.ConfigurationScope): string {
  return vscode.workspace.getConfiguration(SECTION, scope).get<string>('targetArch') || DEFAULT_ARCH;
}

export function ptxasPath(): string {
  return vscode.workspace.getConfiguration(SECTION).get<string>('ptxas.path') || 'ptxas';
}

/**
 * The server's argument vector, or an explanation of why the setting is unusable.
 * The value is only ever taken from user/machine settings ("scope": "machine").
 */
export function serverCommand(): { argv: string[] } | { problem: string } {
  const value: unknown = vscode.workspace.getConfiguration(SECTION).get('server.command');
  if (!Array.isArray(value) || value.length === 0 || !value.every((a) => typeof a === 'string')) {
    return { problem: 'The setting "cute-ir.server.command" must be a non-empty list of strings, e.g. ["cute-ir", "serve"].' };
  }
  if (value[0].trim() === '') {
    return { problem: 'The first element of "cute-ir.server.command" (the program to run) is empty.' };
  }
  return { argv: value as string[] };
}

/** The architectures offered by the `cute-ir.targetArch` enum, read from the manifest so the list lives in one place. */
export function knownArchitectures(extension: vscode.Extension<unknown>): string[] {
  const enumValues = extension.packageJSON?.contributes?.configuration?.properties?.['cute-ir.targetArch']?.enum;
  return Array.isArray(enumValues) ? enumValues : [DEFAULT_ARCH];
}

/** `cute-ir.mlirFiles`: which `.mlir` files are CuTe IR (mlirFiles.ts). */
export function mlirFiles(scope?: vscode.ConfigurationScope): MlirFilesSetting {
  return asMlirFilesSetting(vscode.workspace.getConfiguration(SECTION, scope).get('mlirFiles'));
}

/** `cute-ir.loweredIr.scope`: what the Lowered IR pane shows (loweredScope.ts). */
export function loweredIrScope(scope?: vscode.ConfigurationScope): ScopeSetting {
  return asScopeSetting(vscode.workspace.getConfiguration(SECTION, scope).get('loweredIr.scope'));
}
