import type { FormBody } from '../api-client';

/** What the report screen shows of the outbox: waiting changes, sending, offline, session ended. */
export type SaveQueueState = {
  /** Changes not yet accepted by the server (the one being sent included). */
  pending: number;
  /**
   * idle: all saved; saving: sending; offline: the last try found no connection, retrying;
   * unauthorized: the session ended (401): the changes wait, kept, until the same user logs in.
   */
  status: 'idle' | 'saving' | 'offline' | 'unauthorized';
  /** Changes just given are being written to the device (a reload this moment could lose them). */
  storing: boolean;
};

/** What is sent for a change: built from its value only when it goes out (the wire format). */
export type WireChange = {
  path: string;
  body: FormBody;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
};

/** A waiting change: the value itself (what the screen shows), not what goes over the wire. */
export type QueuedChange<T> = {
  key: string;
  value: T;
  /** Not sent before this time (ms since epoch): typing waits for a pause, yet is kept at once. */
  notBefore?: number;
};
