import { stopServer } from './server-process';

export default async function globalTeardown(): Promise<void> {
  await stopServer();
}
