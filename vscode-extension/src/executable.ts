import * as fs from 'node:fs';
import * as path from 'node:path';

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves a program name the way a shell would (PATH, and PATHEXT on Windows),
 * so a missing server can be reported clearly before anything is spawned.
 * Returns undefined when nothing executable is found.
 */
export function findExecutable(program: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const extensions =
    process.platform === 'win32' ? ['', ...(env.PATHEXT || '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)] : [''];
  const candidates = (base: string) => extensions.map((ext) => base + ext);

  if (program.includes('/') || (process.platform === 'win32' && program.includes('\\'))) {
    return candidates(program).find(isExecutableFile);
  }
  for (const dir of (env.PATH || '').split(path.delimiter)) {
    if (!dir) continue;
    const found = candidates(path.join(dir, program)).find(isExecutableFile);
    if (found) return found;
  }
  return undefined;
}
