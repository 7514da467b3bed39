import { rm } from 'node:fs/promises';

const stopTimeoutMs = 10_000;

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

// Stops the server started by global-setup.ts (its whole process group) and removes its data dir.
export async function stopServer(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid > 0 && groupAlive(pid)) {
    process.kill(-pid, 'SIGTERM');
    if (!(await waitForExit(pid, stopTimeoutMs))) process.kill(-pid, 'SIGKILL');
  }
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  delete process.env.E2E_SERVER_PID;
  delete process.env.E2E_DATA_DIR;
}
