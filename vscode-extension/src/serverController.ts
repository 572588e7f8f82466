import * as os from 'node:os';
import * as vscode from 'vscode';
import {
  CloseAction,
  CloseHandlerResult,
  DocumentDiagnosticRequest,
  DynamicFeature,
  ErrorAction,
  ErrorHandlerResult,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  StaticFeature,
} from 'vscode-languageclient/node';
import * as config from './config';
import { findExecutable } from './executable';
import { showInstallationGuide } from './installGuide';
import type { InitializationOptions } from './protocol';

export type ServerState = 'starting' | 'running' | 'stopped' | 'error';

/** A server that dies sooner than this after starting is treated as broken, not restarted. */
const EARLY_EXIT_MS = 10_000;
/** Crash-restarts allowed within CRASH_WINDOW_MS before giving up. */
const MAX_CRASH_RESTARTS = 4;
const CRASH_WINDOW_MS = 3 * 60_000;

/**
 * The library would show its own generic "couldn't create connection" /
 * "server will not be restarted" notifications; ServerController reports
 * those lifecycle failures itself with actionable buttons, so the forced
 * notifications are only logged.
 */
class CuteIrLanguageClient extends LanguageClient {
  public override error(message: string, data?: unknown, showNotification: boolean | 'force' = true): void {
    super.error(message, data, showNotification === 'force' ? false : showNotification);
  }

  /**
   * The server publishes diagnostics after every change and also answers pull requests, for
   * clients that only pull. A VS Code client doing both keeps two copies of every problem
   * (one per collection), so the status bar and the editor tab count each problem twice;
   * this client therefore only takes the published ones and leaves the pull feature out.
   */
  public override registerFeature(feature: StaticFeature | DynamicFeature<unknown>): void {
    if ('registrationType' in feature && feature.registrationType.method === DocumentDiagnosticRequest.method) {
      return;
    }
    super.registerFeature(feature);
  }
}

/**
 * Forwards everything to the log channel and remembers the last lines the
 * server wrote to stderr (the library sends stderr through `append`), so a
 * server that dies at startup can be reported with its own last words, e.g.
 * "ModuleNotFoundError: No module named 'cute_ir'".
 */
class StderrTail {
  private lines: string[] = [];
  private partial = '';

  readonly channel: vscode.LogOutputChannel;

  constructor(log: vscode.LogOutputChannel) {
    this.channel = new Proxy(log, {
      get: (target, prop) => {
        if (prop === 'append') {
          return (value: string) => {
            this.remember(value);
            target.append(value);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  reset(): void {
    this.lines = [];
    this.partial = '';
  }

  /** The last non-empty stderr line, if any. */
  lastLine(): string | undefined {
    const all = [...this.lines, this.partial].map((l) => l.trim()).filter(Boolean);
    return all[all.length - 1];
  }

  private remember(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > 20) this.lines.splice(0, this.lines.length - 20);
  }
}

export class ServerNotRunningError extends Error {
  constructor(state: ServerState) {
    super(`The cute-ir language server is ${state === 'starting' ? 'still starting' : 'not running'}.`);
  }
}

/** Starts, watches and restarts the cute-ir language server. */
export class ServerController implements vscode.Disposable {
  private client: CuteIrLanguageClient | undefined;
  private _state: ServerState = 'stopped';
  private lastError: string | undefined;
  private startedAt = 0;
  private crashTimes: number[] = [];
  private readonly stderr: StderrTail;
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly disposables: vscode.Disposable[] = [this.stateEmitter];
  /** Serializes start/stop/restart so overlapping clicks cannot spawn two servers. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.stderr = new StderrTail(log);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // A different executable needs a new process; everything else reaches the
        // running server through workspace/didChangeConfiguration.
        if (e.affectsConfiguration('cute-ir.server.command')) {
          this.log.info('cute-ir.server.command changed: restarting the server');
          void this.restart();
        }
      }),
    );
  }

  get state(): ServerState {
    return this._state;
  }

  /** Why the server is in the 'error' state, for tooltips. */
  get errorDetail(): string | undefined {
    return this._state === 'error' ? this.lastError : undefined;
  }

  /** The running server's semantic token legend, if it has one. */
  semanticTokensLegend(): { tokenTypes: string[]; tokenModifiers: string[] } | undefined {
    return this._state === 'running' ? this.client?.initializeResult?.capabilities.semanticTokensProvider?.legend : undefined;
  }

  /** The running client, or an error the caller can show. */
  requireClient(): LanguageClient {
    if (this._state !== 'running' || !this.client) throw new ServerNotRunningError(this._state);
    return this.client;
  }

  start(): Promise<void> {
    // Reflected at once (the status bar must not show "stopped" while a start is queued).
    if (!this.client) this.setState('starting');
    return this.enqueue(() => this.doStart());
  }

  stop(): Promise<void> {
    return this.enqueue(async () => {
      await this.doStop();
      this.setState('stopped');
    });
  }

  restart(): Promise<void> {
    this.setState('starting');
    return this.enqueue(async () => {
      await this.doStop();
      this.crashTimes = [];
      await this.doStart();
    });
  }

  dispose(): void {
    void this.doStop();
    this.disposables.forEach((d) => d.dispose());
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private setState(state: ServerState, error?: string): void {
    this.lastError = error;
    if (state !== this._state) {
      this._state = state;
      this.stateEmitter.fire(state);
    } else if (error) {
      this.stateEmitter.fire(state); // refresh the tooltip with the new error
    }
  }

  private async doStart(): Promise<void> {
    if (this.client) return;
    const command = config.serverCommand();
    if ('problem' in command) {
      this.fail(command.problem);
      return;
    }
    const [program, ...args] = command.argv;
    const expanded = program.startsWith('~/') ? os.homedir() + program.slice(1) : program;
    const resolved = findExecutable(expanded);
    if (!resolved) {
      this.fail(
        `The cute-ir language server was not found: "${program}" is not an executable file` +
          (expanded.includes('/') ? '.' : ' on PATH.'),
      );
      return;
    }

    this.setState('starting');
    this.log.info(`starting the server: ${JSON.stringify([resolved, ...args])}`);
    const serverOptions: ServerOptions = {
      command: resolved,
      args,
      // No `transport`: the library talks stdio by default, and naming
      // TransportKind.stdio would append a `--stdio` the server does not take.
      // An argument vector, never a shell command line: nothing in the setting is interpreted.
      options: { shell: false, cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'cute-ir' },
        { scheme: 'untitled', language: 'cute-ir' },
      ],
      outputChannel: this.stderr.channel,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions: (): InitializationOptions => ({
        targetArch: config.targetArch(),
        ptxasPath: config.ptxasPath(),
      }),
      // Sends the whole `cute-ir` section (targetArch, ptxas.path, ...) via
      // workspace/didChangeConfiguration whenever it changes.
      synchronize: { configurationSection: config.SECTION },
      initializationFailedHandler: (error) => {
        this.log.error(`initialization failed: ${error instanceof Error ? error.message : String(error)}`);
        return false; // the start failure below is reported once, with buttons
      },
      errorHandler: {
        error: (_error, _message, count): ErrorHandlerResult =>
          (count ?? 0) <= 3
            ? { action: ErrorAction.Continue, handled: true }
            : { action: ErrorAction.Shutdown, handled: true },
        closed: (): CloseHandlerResult => this.onServerClosed(),
      },
    };

    const client = new CuteIrLanguageClient('cute-ir', 'CuTe IR Language Server', serverOptions, clientOptions);
    this.client = client;
    client.onDidChangeState((e) => {
      if (client !== this.client) return;
      if (e.newState === State.Running) this.setState('running');
      else if (e.newState === State.Stopped && this._state !== 'error') this.setState('stopped');
    });
    this.startedAt = Date.now();
    this.stderr.reset();
    let failure: string | undefined;
    try {
      await client.start();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (client !== this.client) return; // stopped or replaced meanwhile
    // start() can resolve although the process died during initialization,
    // so the client's own state decides.
    if (failure === undefined && client.isRunning()) {
      this.log.info('server running');
      return;
    }
    this.client = undefined;
    void client.dispose().catch(() => undefined);
    const reason = this.stderr.lastLine() ?? failure ?? 'it exited during startup';
    this.fail(`The cute-ir language server did not start (${[program, ...args].join(' ')}): ${reason}`);
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      if (client.isRunning()) await client.stop(2000);
    } catch (error) {
      this.log.warn(`stopping the server: ${error instanceof Error ? error.message : String(error)}`);
    }
    await client.dispose().catch(() => undefined);
  }

  /** The server process went away without being asked to. */
  private onServerClosed(): CloseHandlerResult {
    const now = Date.now();
    const uptime = now - this.startedAt;
    if (this._state === 'starting') {
      // The failed start() reports this, with the reason.
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    this.crashTimes = this.crashTimes.filter((t) => now - t < CRASH_WINDOW_MS);
    this.crashTimes.push(now);
    // The dead client is replaced rather than restarted in place, so that a
    // restart that fails is reported like any other failed start.
    const dead = this.client;
    this.client = undefined;
    setTimeout(() => void dead?.dispose().catch(() => undefined), 1000);
    if (uptime < EARLY_EXIT_MS || this.crashTimes.length > MAX_CRASH_RESTARTS) {
      const reason =
        uptime < EARLY_EXIT_MS
          ? `exited ${(uptime / 1000).toFixed(1)} s after starting`
          : `crashed ${this.crashTimes.length} times in 3 minutes`;
      const last = this.stderr.lastLine();
      this.fail(`The cute-ir language server ${reason}; it will not be restarted.${last ? ` Last output: ${last}` : ''}`);
    } else {
      this.log.warn('the server exited unexpectedly; restarting it');
      this.setState('starting');
      setTimeout(() => void this.enqueue(() => this.doStart()), 500);
    }
    return { action: CloseAction.DoNotRestart, handled: true };
  }

  private fail(message: string): void {
    this.log.error(message);
    this.setState('error', message);
    void showStartError(message, this.log);
  }
}

/** Reports a server that cannot run, with the two things that fix it. */
async function showStartError(message: string, log: vscode.LogOutputChannel): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, 'Open Settings', 'Installation guide', 'Show Log');
  if (choice === 'Open Settings') {
    await openServerCommandSetting();
  } else if (choice === 'Installation guide') {
    await showInstallationGuide();
  } else if (choice === 'Show Log') {
    log.show(true);
  }
}

/**
 * The setting is machine-scoped: in a remote window (SSH, containers,
 * code-server) it lives in the remote settings and the user settings page
 * does not list it, so open the page that does.
 */
async function openServerCommandSetting(): Promise<void> {
  const query = 'cute-ir.server.command';
  if (vscode.env.remoteName) {
    try {
      await vscode.commands.executeCommand('workbench.action.openRemoteSettings', { query });
      return;
    } catch {
      // older VS Code: fall back to the settings page
    }
  }
  await vscode.commands.executeCommand('workbench.action.openSettings', query);
}
