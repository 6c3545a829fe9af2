import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import type { ProviderError } from '../http/request.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { apiUrl, tokenField, underBase } from '../shared/config-fields.js';
import { renderMatrix } from './matrix-message.js';

export const MATRIX_API = 'https://matrix-client.matrix.org';

export type MatrixConfig = { access_token: string; room_id: string; api_url?: string };

const matrixBody = jsonError({ messagePaths: [['error']], retryAfterMs: ['retry_after_ms'] });
const matrixCode = jsonError({ messagePaths: [['errcode']] });

/** A Matrix error: `M_FORBIDDEN: You are not in this room.` (errcode, error), and retry_after_ms. */
function matrixError(body: string): ProviderError {
  const said = matrixBody(body);
  const code = matrixCode(body).message;
  return { ...said, message: code && said.message && code !== said.message ? `${code}: ${said.message}` : said.message };
}

/**
 * Matrix client-server API: PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}
 * with the bot user's access token. The transaction id is the delivery's, so a retried attempt
 * is the same event to the homeserver (sent once).
 */
export const matrix = defineChannel({
  type: 'matrix',
  label: 'Matrix',
  description: 'Sends a message to a Matrix room as a (bot) user, through the client-server API of its homeserver.',
  fields: [
    { name: 'access_token', type: 'string', required: true, secret: true, description: 'Access token of the user that sends (it must have joined the room)' },
    { name: 'room_id', type: 'string', required: true, secret: false, description: 'Room id, !abcdef:example.org (Room settings > Advanced)' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `Homeserver's client API base URL; default ${MATRIX_API}` },
  ],
  schema: Joi.object<MatrixConfig>({
    access_token: tokenField('access_token', /^[\x21-\x7e]{8,}$/, 'an access token (printable characters, no spaces)', 512),
    room_id: tokenField('room_id', /^![\x21-\x39\x3b-\x7e]{1,255}:[A-Za-z0-9.:[\]-]{1,255}$/, 'a room id, !opaque:server.name', 512),
    api_url: apiUrl(MATRIX_API),
  }),
  example: { access_token: 'syt_dmlnaWw_XXXXXXXXXXXXXXXXXXXX_0000', room_id: '!AbCdEfGhIjKlMnOp:example.org', api_url: 'https://matrix.example.org' },
  createSender: (deps) => ({
    send: (target, alert) =>
      sendHttp(
        {
          method: 'PUT',
          url: underBase(
            target.config.api_url ?? MATRIX_API,
            `/_matrix/client/v3/rooms/${encodeURIComponent(target.config.room_id)}/send/m.room.message/vigil-${alert.deliveryId}`,
          ),
          body: JSON.stringify(renderMatrix(describeAlert(alert.envelope, deps.baseUrl))),
          headers: { 'User-Agent': WEBHOOK_USER_AGENT, Authorization: `Bearer ${target.config.access_token}` },
          readError: matrixError,
        },
        deps,
      ),
  }),
});
