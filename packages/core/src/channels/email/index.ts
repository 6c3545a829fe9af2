import { defineChannel } from '../channel.js';
import { emailConfig, MAX_RECIPIENTS } from './email.config.js';
import { emailSender } from './email.sender.js';

/** Email through the operator's SMTP server. */
export const email = defineChannel({
  type: 'email',
  label: 'Email',
  description: 'Sends a plain-text and HTML email per alert through the service SMTP server.',
  fields: [{ name: 'to', type: 'email | email[]', required: true, secret: false, description: `Recipient address, or a list of up to ${MAX_RECIPIENTS}` }],
  schema: emailConfig,
  normalise: (config) => ({ to: Array.isArray(config.to) ? config.to : [config.to] }),
  example: { to: ['oncall@example.com'] },
  createSender: emailSender,
});
