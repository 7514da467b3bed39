import type { ServerHealth } from './overview-types';

function size(bytes: number | null): string {
  if (bytes === null) return 'unknown';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

function summary({ database, disk }: ServerHealth): string {
  const space = `${size(disk.freeBytes)} free on the data disk, ${size(disk.watermarkBytes)} kept in reserve.`;
  if (database === 'unreachable') return 'Changes are refused: the database does not answer. Travellers keep their changes on their devices until it is back.';
  if (database === 'locked')
    return 'Changes are paused: another program holds the database (a backup or a maintenance session). Travellers keep their changes on their devices until it lets go.';
  if (database === 'full') return `Changes are refused: the data disk is full. ${space} Free some space; SkyWay takes changes again by itself.`;
  if (disk.uploadsRefused) return `Uploads are refused: the data disk is nearly full. ${space}`;
  return `Taking changes. ${space}`;
}

/** The server's own state (GET /api/health): the database, the free space and lost log lines. */
export function ServerState({ health }: { health: ServerHealth }) {
  const warn = health.status !== 'ok';
  return (
    <section className={`card server-state${warn ? ' server-state--warn' : ''}`} aria-labelledby="server-state-title">
      <h2 id="server-state-title">Server</h2>
      <p>{summary(health)}</p>
      {health.log.droppedLines > 0 ? <p>{health.log.droppedLines} log lines could not be written.</p> : null}
    </section>
  );
}
