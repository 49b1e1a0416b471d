import { z } from 'zod';
import {
  lowStockAtInput,
  lowStockAtOut,
  lowStockOut,
  movementsInput,
  stockAdjustInput,
  stockLevelOut,
  stockMovementPageOut,
  stockReceiveInput,
  stockSettingsInput,
} from '../../shared/schemas/stock';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import {
  adjustStock,
  getStockSettings,
  lowStock,
  productMovements,
  receiveStock,
  setLowStockAt,
  updateStockSettings,
} from './stock';

// The office's stock (ADR 036): goods received, corrections, the low-stock list and each
// product's movements. Orders take and give back stock through server/catalogue/stock.ts.
export const stockRouter = router({
  /** Goods received (stock in): product, quantity, note. */
  receive: staffProcedure
    .input(stockReceiveInput)
    .use(idempotent)
    .output(answer(stockLevelOut))
    .mutation(replayable(({ ctx, input }) => receiveStock(ctx.db, actorOf(ctx.user), input))),

  /** A correction (breakage, a count); below zero answers 409 stock.insufficient. */
  adjust: staffProcedure
    .input(stockAdjustInput)
    .use(idempotent)
    .output(answer(stockLevelOut))
    .mutation(replayable(({ ctx, input }) => adjustStock(ctx.db, actorOf(ctx.user), input))),

  setLowStockAt: staffProcedure
    .input(lowStockAtInput)
    .output(answer(lowStockAtOut))
    .mutation(({ ctx, input }) => setLowStockAt(ctx.db, actorOf(ctx.user), input)),

  lowStock: staffProcedure
    .input(z.void())
    .output(answer(lowStockOut))
    .query(({ ctx }) => lowStock(ctx.db)),

  movements: staffProcedure
    .input(movementsInput)
    .output(answer(stockMovementPageOut))
    .query(({ ctx, input }) => productMovements(ctx.db, input.productId, input.pageNumber)),

  settings: staffProcedure
    .input(z.void())
    .output(answer(stockSettingsInput))
    .query(({ ctx }) => getStockSettings(ctx.db)),

  updateSettings: staffProcedure
    .input(stockSettingsInput)
    .output(answer(stockSettingsInput))
    .mutation(({ ctx, input }) => updateStockSettings(ctx.db, actorOf(ctx.user), input)),
});
