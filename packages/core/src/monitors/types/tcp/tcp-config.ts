import Joi from 'joi';
import { ValidationError } from '../../../errors/errors.js';
import { canonicalTargetHost, hostPort } from '../target-host.js';
import type { MonitorTypeSpec } from '../monitor-type-spec.js';

/** A `tcp` monitor: connect to host:port (and, with `tls`, complete a TLS handshake). */
export interface TcpConfig {
  host: string;
  port: number;
  /** Complete a TLS handshake after connecting. */
  tls: boolean;
  /** With `tls`: verify the certificate chain and that it covers `servername` (else `host`). */
  verify_tls: boolean;
  /** With `tls`: the SNI and the name the certificate must cover; null = `host`. */
  servername: string | null;
}

export const TCP_CONFIG_MESSAGES = {
  config: 'Invalid config: a tcp monitor needs an object {host, port, tls?, verify_tls?, servername?}',
  host: 'Invalid config.host: must be a host name or an IP address',
  port: 'Invalid config.port: must be an integer from 1 to 65535',
  tls: 'Invalid config.tls: must be a boolean',
  verifyTls: 'Invalid config.verify_tls: must be a boolean',
  servername: 'Invalid config.servername: must be a host name, or null',
} as const;

const M = TCP_CONFIG_MESSAGES;
const fail = (message: string) => new ValidationError(message);
const hostSchema = (message: string) =>
  Joi.string()
    .max(255)
    .custom((v: string, helpers) => canonicalTargetHost(v) ?? helpers.error('any.invalid'))
    .error(fail(message));

export const TCP_SPEC: MonitorTypeSpec<TcpConfig, null> = {
  schema: Joi.object<TcpConfig>({
    host: hostSchema(M.host).required().description('Host name or IP address'),
    port: Joi.number().integer().min(1).max(65_535).required().error(fail(M.port)),
    tls: Joi.boolean().default(false).error(fail(M.tls)).description('Complete a TLS handshake after connecting'),
    verify_tls: Joi.boolean().default(true).error(fail(M.verifyTls)).description('With tls: verify the certificate chain and name'),
    servername: hostSchema(M.servername).allow(null).default(null).description('With tls: SNI and the name the certificate must cover; null = host'),
  })
    .description('type tcp: a TCP connection (and optionally a TLS handshake) to host:port')
    .example({ host: 'db.example.com', port: 5432, tls: false }),
  kind: 'pull',
  messages: M,
  notAnObject: M.config,
  naturalKey: (c) => `${c.tls ? 'tls' : 'tcp'}://${hostPort(c.host, c.port)}`,
  target: (c) => `${c.tls ? 'tls' : 'tcp'}://${hostPort(c.host, c.port)}`,
  alreadyMonitored: 'TCP target already monitored',
  details: null,
};
