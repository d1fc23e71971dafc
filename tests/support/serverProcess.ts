import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
}

/**
 * Starts `src/server/main.ts` as `npm start` does (without the client build) with the environment given, and
 * answers once it logs `ready`; rejects with its output when it exits first or takes longer than `timeoutMs`.
 */
export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 150_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${text}`)), timeoutMs);
    const check = setInterval(() => {
      const exited = child.exitCode !== null;
      if (!exited && !text.includes('"msg":"ready')) return;
      clearInterval(check);
      clearTimeout(timer);
      if (exited) reject(new Error(`exited ${child.exitCode}:\n${text}`));
      else resolve();
    }, 100);
  });
  return { child, output: () => text };
}

/** Stops the server with SIGTERM and answers its exit code. */
export function stopServer(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
