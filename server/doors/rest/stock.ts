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
} from '../../../shared/schemas/stock';
import { bodyObject, idOnly } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of stock (server/catalogue; ADR 036): goods received, corrections, low-stock
// levels and a product's stock movements.

export const stockRoutes: RestRoute[] = [
  // Stock (staff).
  {
    method: 'POST',
    path: '/api/stock/receive',
    procedure: 'stock.receive',
    input: bodyObject,
    summary: 'Goods received (stock in); takes an Idempotency-Key',
    request: { body: stockReceiveInput },
    response: stockLevelOut,
  },
  {
    method: 'POST',
    path: '/api/stock/adjust',
    procedure: 'stock.adjust',
    input: bodyObject,
    summary: 'A stock correction (below zero: 409 stock.insufficient); takes an Idempotency-Key',
    request: { body: stockAdjustInput },
    response: stockLevelOut,
  },
  {
    method: 'GET',
    path: '/api/stock/low',
    procedure: 'stock.lowStock',
    summary: 'Counted products at or below their low-stock level',
    response: lowStockOut,
  },
  {
    method: 'GET',
    path: '/api/stock/settings',
    procedure: 'stock.settings',
    summary: 'The default low-stock level',
    response: stockSettingsInput,
  },
  {
    method: 'PUT',
    path: '/api/stock/settings',
    procedure: 'stock.updateSettings',
    input: bodyObject,
    summary: 'Set the default low-stock level',
    request: { body: stockSettingsInput },
    response: stockSettingsInput,
  },
  {
    method: 'PUT',
    path: '/api/products/:id/lowstock',
    procedure: 'stock.setLowStockAt',
    input: (r) => ({ ...bodyObject(r), productId: r.params.id }),
    summary: "A product's own low-stock level (null: the default)",
    request: { params: idOnly, body: lowStockAtInput.omit({ productId: true }) },
    response: lowStockAtOut,
  },
  {
    method: 'GET',
    path: '/api/products/:id/stock',
    procedure: 'stock.movements',
    input: (r) => ({ productId: r.params.id, pageNumber: r.query.pageNumber || undefined }),
    summary: "A product's stock movements, newest first, a page at a time",
    request: { params: idOnly, query: movementsInput.omit({ productId: true }) },
    response: stockMovementPageOut,
  },
];
