import Joi from 'joi';
import { INCIDENT_UPDATE_STATUSES, ValidationError, type IncidentUpdateStatus } from '@vigil/core';
import { trimmedString, validate } from '../http/validate.js';

export interface UpdateInput {
  status: IncidentUpdateStatus;
  message: string;
}
export interface NoticeInput {
  title?: string;
  status?: IncidentUpdateStatus;
  message?: string;
}

const fields = {
  status: Joi.string()
    .valid(...INCIDENT_UPDATE_STATUSES)
    .messages({ 'any.required': 'status is required', '*': `Invalid status: must be one of ${INCIDENT_UPDATE_STATUSES.join(', ')}` }),
  message: trimmedString(5000).messages({ 'any.required': 'message is required', '*': 'Invalid message: must be a string of 1 to 5000 characters' }),
  title: trimmedString(200).messages({ 'any.required': 'title is required', '*': 'Invalid title: must be a string of 1 to 200 characters' }),
};

/** An incident update: {status, message}, both required. */
export const incidentUpdateBody = Joi.object<UpdateInput>({ status: fields.status.required(), message: fields.message.required() }).example({
  status: 'identified',
  message: 'A bad deploy; rolling back now.',
});

/** A new notice: {title, status, message}, all required. */
export const noticeCreateBody = Joi.object<Required<NoticeInput>>({ title: fields.title.required(), status: fields.status.required(), message: fields.message.required() }).example({
  title: 'Slow checkout',
  status: 'investigating',
  message: 'Some payments take longer than usual; we are looking into it.',
});

/** A notice change: any of title, status, message. */
export const noticeUpdateBody = Joi.object<NoticeInput>(fields).example({ status: 'resolved', message: 'Payments are back to normal.' });

export function parseIncidentUpdate(body: unknown): UpdateInput {
  return validate(incidentUpdateBody, body);
}

export function parseNoticeCreate(body: unknown): Required<NoticeInput> {
  return validate(noticeCreateBody, body);
}

export function parseNoticeUpdate(body: unknown): NoticeInput {
  const input = validate(noticeUpdateBody, body);
  if (!Object.keys(input).length) throw new ValidationError('Invalid request body: give at least one field to update');
  return input;
}
