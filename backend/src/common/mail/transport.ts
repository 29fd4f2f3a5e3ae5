import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/config.js';

export interface MailTransport {
  readonly name: string;
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set. */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter;
  constructor(private readonly config: AppConfig) {
    this.transporter = nodemailer.createTransport(config.smtpUrl!);
  }
  async send(mail: { to: string; subject: string; text: string }): Promise<void> {
    await this.transporter.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/**
 * The embedded default: no mail server, so the mail (with any link it carries) is written to the log for
 * the person running the instance, and stays in the mail_outbox table.
 */
export class LogTransport implements MailTransport {
  readonly name = 'log';
  private readonly logger = new Logger('Mail');
  async send(mail: { to: string; subject: string; text: string }): Promise<void> {
    this.logger.log(`No SMTP_URL configured; mail for ${mail.to} — "${mail.subject}"\n${mail.text}`);
  }
}

export function createTransport(config: AppConfig): MailTransport {
  return config.smtpUrl ? new SmtpTransport(config) : new LogTransport();
}
