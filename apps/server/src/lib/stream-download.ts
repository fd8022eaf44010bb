import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A file that is written while it downloads (an xlsx or PDF export, later the report PDF). */
export type Download = {
  contentType: string;
  /** Sent in Content-Disposition as it is: only safe characters (no quotes, no slashes). */
  fileName: string;
  /**
   * Writes the file into `out` and resolves when it is complete. `out` is destroyed when the
   * download is cancelled (the client went away, or a write failed): check `out.destroyed`
   * before reading the next batch and return, so a cancelled download stops the reading.
   */
  write: (out: Writable) => Promise<void>;
};

/**
 * Sends `download` as an attachment whose body is written while it goes out: the headers go
 * first, the body is a PassThrough that `write` fills. By the time `write` fails halfway the
 * status line is gone, so the error is logged and the download cut off (the client sees an
 * aborted transfer, never a truncated file that looks whole). A failure before the first byte is
 * still an ordinary error response. `what` names the download in the log ("inventory export").
 */
export function sendDownload(
  req: Pick<FastifyRequest, 'log'>,
  reply: FastifyReply,
  download: Download,
  what: string,
): FastifyReply {
  const body = new PassThrough();
  reply.type(download.contentType).header('content-disposition', `attachment; filename="${download.fileName}"`);
  download.write(body).catch((err: unknown) => {
    // Fastify destroys the body when the client goes away; the writer then stops (or fails on
    // the destroyed stream): that is a cancellation, not a failure.
    if (body.destroyed) req.log.info({ err }, `${what} cancelled`);
    else req.log.error({ err }, `${what} failed`);
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(body);
}
