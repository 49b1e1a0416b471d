import { z } from 'zod';
import { backupStatusOut } from '../../shared/schemas/backup-status';
import { settingsInput, settingsOut } from '../../shared/schemas/doorstep';
import { moneySettingsInput, moneySettingsOut } from '../../shared/schemas/invoices';
import { deliveryCalendarOut } from '../../shared/schemas/settings';
import { setupChecklistOut } from '../../shared/schemas/setup';
import {
  businessSettingsInput,
  businessSettingsOut,
  taxSettingsInput,
  taxSettingsOut,
} from '../../shared/schemas/tax';
import { actorOf } from '../platform/audit';
import { answer } from '../platform/output';
import { adminProcedure, authedProcedure, router, staffProcedure } from '../trpc';
import { backupStatus } from './backup-status';
import {
  getBusinessSettings,
  updateBusinessSettings,
  updateTaxSettings,
} from './business-settings';
import {
  deliveryCalendar,
  getDeliverySettings,
  getMoneySettings,
  updateDeliverySettings,
  updateMoneySettings,
} from './settings';
import { setupChecklist } from './setup-checklist';
import { getTaxSettings } from './tax-settings';

export const settingsRouter = router({
  /** The date picker's rules: today, the earliest allowed date, the cut-off and holidays. */
  deliveryCalendar: authedProcedure
    .input(z.void())
    .output(answer(deliveryCalendarOut))
    .query(({ ctx }) => deliveryCalendar(ctx.db, ctx.config.timeZone)),

  /** The office's Settings screen: order cut-off and holidays. */
  get: staffProcedure
    .input(z.void())
    .output(answer(settingsOut))
    .query(({ ctx }) => getDeliverySettings(ctx.db)),

  update: staffProcedure
    .input(settingsInput)
    .output(answer(settingsOut))
    .mutation(({ ctx, input }) => updateDeliverySettings(ctx.db, actorOf(ctx.user), input)),

  /** How far back the office may date a payment (ADR 023). */
  money: staffProcedure
    .input(z.void())
    .output(answer(moneySettingsOut))
    .query(({ ctx }) => getMoneySettings(ctx.db)),

  updateMoney: staffProcedure
    .input(moneySettingsInput)
    .output(answer(moneySettingsOut))
    .mutation(({ ctx, input }) => updateMoneySettings(ctx.db, actorOf(ctx.user), input)),

  /** How catalogue prices carry consumption tax: every screen that estimates tax reads it. */
  tax: authedProcedure
    .input(z.void())
    .output(answer(taxSettingsOut))
    .query(({ ctx }) => getTaxSettings(ctx.db)),

  updateTax: staffProcedure
    .input(taxSettingsInput)
    .output(answer(taxSettingsOut))
    .mutation(({ ctx, input }) => updateTaxSettings(ctx.db, actorOf(ctx.user), input)),

  /** The business's legal name, address, phone, bank account and registration number. */
  business: staffProcedure
    .input(z.void())
    .output(answer(businessSettingsOut))
    .query(({ ctx }) => getBusinessSettings(ctx.db)),

  updateBusiness: staffProcedure
    .input(businessSettingsInput)
    .output(answer(businessSettingsOut))
    .mutation(({ ctx, input }) => updateBusinessSettings(ctx.db, actorOf(ctx.user), input)),

  /** The office's first-day checklist (ADR 057): each step done or not, read from the data. */
  setup: staffProcedure
    .input(z.void())
    .output(answer(setupChecklistOut))
    .query(({ ctx }) => setupChecklist(ctx.db, ctx.config)),

  /** The last backup, or why the last one failed (ADR 061): the keeper of the box is told. */
  backupStatus: adminProcedure
    .input(z.void())
    .output(answer(backupStatusOut))
    .query(({ ctx }) => backupStatus(ctx.config)),
});
