declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  /** The fake S3 server (npm s3rver): only what the tests use. */
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
