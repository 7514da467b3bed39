import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { answerJob } from '../own-process';
import type { Result } from '../types';
import { CONVERSATIONS, DEVICES_PER_CONVERSATION, SEND_EVERY_MS } from './load';

const DURATION_S = 30;
/** Sent at the same rate before the timed 30 s, as the other load scenarios warm up; lost messages still count. */
const WARMUP_S = 3;
const DRAIN_MS = 5_000;
const ADMIN = { email: 'admin@skyway.test', password: 'Admin-pass-123' };

type Device = { socket: Socket; clientId: string; nextMutation: number; token: string; conversationId: string; index: number };
type Sent = { at: number; conversation: number; device: number; timed: boolean };

async function post<T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 500 sockets in 250 support conversations (each traveller on two devices, plus one support desk
 * listening to all), every device sending one message a second through the sync outbox path
 * (POST /api/sync/push sendMessage), as the PWA does. Delivery is timed from the start of the push to the
 * 'message' event on the conversation's other device; a message that never arrives there is lost.
 */
async function deliveries(baseUrl: string): Promise<Result> {
  const run = randomUUID().slice(0, 8);
  const users = await inBatches(CONVERSATIONS, 4, async (i) => {
    const email = `bench-chat-${run}-${i}@example.com`;
    const registered = await post<{ token: string }>(`${baseUrl}/api/auths/register`, {
      email,
      password: 'Bench-pass-123',
      fullName: `Bench Traveller ${i}`,
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const started = await post<{ _id: string }>(`${baseUrl}/api/messages/conversations/start`, { type: 'Support' }, registered.body.token);
    return { token: registered.body.token, conversationId: started.body._id };
  });
  const adminLogin = await post<{ token: string }>(`${baseUrl}/api/auths/login`, ADMIN);
  const desk = await connect(baseUrl, adminLogin.body.token);
  const devices: Device[] = await inBatches(CONVERSATIONS * DEVICES_PER_CONVERSATION, 50, async (n) => {
    const user = users[Math.floor(n / DEVICES_PER_CONVERSATION)];
    if (!user) throw new Error('missing user');
    return { socket: await connect(baseUrl, user.token), clientId: randomUUID(), nextMutation: 1, ...user, index: n };
  });

  const sent = new Map<string, Sent>();
  const latencies: number[] = [];
  let delivered = 0;
  const pushLatencies: number[] = [];
  let deskHeard = 0;
  let failedPushes = 0;
  desk.on('message', (m: { _id?: string }) => {
    if (m._id && sent.has(m._id)) deskHeard += 1;
  });
  for (const device of devices) {
    device.socket.on('message', (m: { _id?: string }) => {
      const origin = m._id ? sent.get(m._id) : undefined;
      if (origin && origin.device !== device.index && Math.floor(device.index / DEVICES_PER_CONVERSATION) === origin.conversation) {
        delivered += 1;
        if (origin.timed) latencies.push(performance.now() - origin.at);
      }
    });
  }

  const warmFrom = performance.now();
  const began = warmFrom + WARMUP_S * 1_000;
  const until = began + DURATION_S * 1_000;
  await Promise.all(
    devices.map(async (device) => {
      let slot = warmFrom + Math.random() * SEND_EVERY_MS;
      while (slot < until) {
        await sleep(Math.max(0, slot - performance.now()));
        const _id = randomUUID();
        const at = performance.now();
        sent.set(_id, { at, conversation: Math.floor(device.index / DEVICES_PER_CONVERSATION), device: device.index, timed: at >= began });
        const mutation = {
          id: device.nextMutation,
          name: 'sendMessage',
          args: { _id, conversationId: device.conversationId, content: `bench ${device.index}`, image: null },
        };
        const offline: { status: number; body: { lastMutationId?: number } } = { status: 0, body: {} };
        const answer = await post<{ lastMutationId?: number }>(
          `${baseUrl}/api/sync/push`,
          { clientId: device.clientId, schemaVersion: 1, mutations: [mutation] },
          device.token,
        ).catch(() => offline);
        pushLatencies.push(performance.now() - at);
        if (answer.status === 200 && answer.body.lastMutationId === device.nextMutation) device.nextMutation += 1;
        else {
          failedPushes += 1;
          sent.delete(_id);
        }
        slot += SEND_EVERY_MS;
      }
    }),
  );
  const sendingS = (performance.now() - began) / 1_000;
  const drainUntil = performance.now() + DRAIN_MS;
  // NOTE: the desk too, or its last messages may still be on their way when it disconnects.
  while ((delivered < sent.size || deskHeard < sent.size) && performance.now() < drainUntil) await sleep(50);
  for (const device of devices) device.socket.disconnect();
  desk.disconnect();

  const sorted = [...latencies].sort((a, b) => a - b);
  const pushes = [...pushLatencies].sort((a, b) => a - b);
  const lost = sent.size - delivered;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    durationS: round(sendingS),
    rps: latencies.length / sendingS,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    errors: lost + failedPushes,
    non2xx: 0,
    notes: [
      `${devices.length} device sockets in ${CONVERSATIONS} conversations + 1 support desk socket; ${sent.size} messages sent (${sent.size - latencies.length} in the ${WARMUP_S} s warm-up, not timed), ${delivered} delivered to the other device, lost ${lost}`,
      `support desk heard ${deskHeard} of ${sent.size}; failed pushes ${failedPushes}; push answer p50 ${round(percentile(pushes, 50))} ms, p99 ${round(percentile(pushes, 99))} ms`,
    ],
  } satisfies Result;
}

answerJob(deliveries);
