// The e2e server's mail: without SMTP every message is an .eml file in DATA_DIR/outbox/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A MIME part's body as text, its Content-Transfer-Encoding undone (base64, quoted-printable). */
function decodeBody(/** @type {string} */ headers, /** @type {string} */ body) {
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => `%${hex}`);
    // Decode byte escapes as UTF-8; a stray % would throw in decodeURIComponent.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/**
 * The text of every part of a raw message (headers of the message itself left out).
 * @param {string} raw
 * @returns {string}
 */
export function mailText(raw) {
  /** @returns {[string, string]} */
  const split = (/** @type {string} */ part) => {
    const at = part.search(/\r?\n\r?\n/);
    return at < 0 ? ['', part] : [part.slice(0, at), part.slice(at).replace(/^\r?\n\r?\n/, '')];
  };
  const [headers, body] = split(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodeBody(headers, body);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => /** @type {string} */ (mailText(part.replace(/^\r?\n/, ''))))
    .join('\n');
}

/**
 * The files attached to a raw message (parts with a `Content-Disposition: attachment`), their
 * base64 undone.
 * @param {string} raw
 * @returns {Array<{ filename: string, type: string, content: Buffer }>}
 */
export function mailAttachments(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return [];
  const headers = raw.slice(0, at);
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => mailAttachments(part.replace(/^\r?\n/, '')));
  }
  if (!/^content-disposition:\s*attachment/im.test(headers)) return [];
  const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
  const type = /^content-type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase() ?? '';
  const base64 = /^content-transfer-encoding:\s*base64/im.test(headers);
  const content = base64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8');
  return [{ filename, type, content }];
}

/** The first raw mail in `dataDir`'s outbox whose text contains every one of `needles`, and its text. */
async function findMail(/** @type {string} */ dataDir, /** @type {string[]} */ needles) {
  const outbox = join(dataDir, 'outbox');
  for (let tries = 0; tries < 50; tries += 1) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
        const raw = readFileSync(join(outbox, file), 'utf8');
        const text = mailText(raw);
        if (needles.every((n) => text.includes(n))) return { raw, text };
      }
    }
    await sleep(100);
  }
  throw new Error(`no mail in ${outbox} contains ${JSON.stringify(needles)}`);
}

/**
 * The decoded text of the first mail in `dataDir`'s outbox whose text contains every one of
 * `needles`; waits a little for it to be written, then throws.
 * @param {string} dataDir
 * @param {string[]} needles
 */
export async function mailContaining(dataDir, needles) {
  return (await findMail(dataDir, needles)).text;
}

/**
 * Like `mailContaining`, with the mail's Subject and its attached files too.
 * @param {string} dataDir
 * @param {string[]} needles
 */
export async function mailWithAttachments(dataDir, needles) {
  const { raw, text } = await findMail(dataDir, needles);
  const headers = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/))).replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject:[ \t]*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  return { subject, text, attachments: mailAttachments(raw) };
}
