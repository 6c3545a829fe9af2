import Joi from 'joi';

export const MAX_RECIPIENTS = 10;

/** `to` is one address or a list; stored as a list. */
export type EmailConfig = { to: string | string[] };

const email = Joi.string().trim().email({ tlds: false }).max(254);
const recipientsMessage = `Invalid config.to: must be an email address or a list of 1 to ${MAX_RECIPIENTS} email addresses`;

export const emailConfig = Joi.object<EmailConfig>({
  to: Joi.alternatives()
    .try(email, Joi.array().items(email).min(1).max(MAX_RECIPIENTS).unique())
    .required()
    .messages({ 'any.required': 'config.to is required', '*': recipientsMessage }),
});
