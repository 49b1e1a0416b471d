import { z } from 'zod';
import { idParam } from '../../../shared/schemas/catalogue';
import { messageOut } from '../../../shared/schemas/common';
import { importOut } from '../../../shared/schemas/office';
import {
  csvOut,
  customerTermsInput,
  customerTermsOut,
  hiddenInput,
  overrideInput,
  priceListCreateInput,
  priceListDetailOut,
  priceListImportInput,
  priceListOut,
  priceListSetPricesInput,
  priceListsOut,
  productTermsOut,
} from '../../../shared/schemas/terms';
import { bodyObject, customerPath, idOnly } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of price lists and a restaurant's terms (server/catalogue; ADR 035): the lists
// and their prices, a customer's list, minimum order and own prices, a product's terms and hiding.

export const priceListRoutes: RestRoute[] = [
  // Price lists (staff).
  {
    method: 'GET',
    path: '/api/pricelists',
    procedure: 'priceLists.list',
    summary: 'The price lists, with how many prices and customers each has',
    response: priceListsOut,
  },
  {
    method: 'POST',
    path: '/api/pricelists',
    procedure: 'priceLists.create',
    input: bodyObject,
    status: 201,
    summary: 'Create a price list (a name used twice: 409)',
    request: { body: priceListCreateInput },
    response: priceListOut,
  },
  {
    method: 'GET',
    path: '/api/pricelists/:id',
    procedure: 'priceLists.byId',
    input: (r) => ({ id: r.params.id }),
    summary: "A price list: every product's standard and list price, hidden or not, its customers",
    request: { params: idOnly },
    response: priceListDetailOut,
  },
  {
    method: 'PUT',
    path: '/api/pricelists/:id',
    procedure: 'priceLists.rename',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
    summary: 'Rename a price list',
    request: { params: idOnly, body: z.object({ name: priceListCreateInput.shape.name }) },
    response: priceListOut,
  },
  {
    method: 'DELETE',
    path: '/api/pricelists/:id',
    procedure: 'priceLists.remove',
    input: (r) => ({ id: r.params.id }),
    summary: 'Remove a price list (its customers pay the standard prices again)',
    request: { params: idOnly },
    response: messageOut,
  },
  {
    method: 'PUT',
    path: '/api/pricelists/:id/prices',
    procedure: 'priceLists.setPrices',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
    summary: 'Set prices on a list (a null price: the standard price again)',
    request: { params: idOnly, body: priceListSetPricesInput.omit({ id: true }) },
    response: priceListDetailOut,
  },
  {
    method: 'POST',
    path: '/api/pricelists/:id/import',
    procedure: 'priceLists.importCsv',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
    summary: 'Import a CSV (product, price): a preview, or with commit the list replaced by it',
    request: { params: idOnly, body: priceListImportInput.omit({ id: true }) },
    response: importOut,
  },
  {
    method: 'GET',
    path: '/api/pricelists/:id/export',
    procedure: 'priceLists.exportCsv',
    input: (r) => ({ id: r.params.id }),
    summary: "A list's prices as CSV text (product, price)",
    request: { params: idOnly },
    response: csvOut,
  },
  {
    method: 'GET',
    path: '/api/customer/:id/terms',
    procedure: 'priceLists.customerTerms',
    input: (r) => ({ customerId: r.params.id }),
    summary:
      "A customer's terms: its price list, minimum order rule, own prices and hidden products",
    request: { params: customerPath },
    response: customerTermsOut,
  },
  {
    method: 'PUT',
    path: '/api/customer/:id/terms',
    procedure: 'priceLists.setCustomerTerms',
    input: (r) => ({ ...bodyObject(r), customerId: r.params.id }),
    summary: "Set a customer's price list and minimum order rule",
    request: { params: customerPath, body: customerTermsInput.omit({ customerId: true }) },
    response: customerTermsOut,
  },
  {
    method: 'PUT',
    path: '/api/customer/:id/prices/:productId',
    procedure: 'priceLists.setOverride',
    input: (r) => ({ ...bodyObject(r), customerId: r.params.id, productId: r.params.productId }),
    summary: "Set a customer's own price of a product (null: its list's or the standard again)",
    request: {
      params: z.object({ id: idParam, productId: idParam }),
      body: overrideInput.pick({ price: true }),
    },
    response: customerTermsOut,
  },
  {
    method: 'GET',
    path: '/api/products/:id/terms',
    procedure: 'priceLists.productTerms',
    input: (r) => ({ productId: r.params.id }),
    summary: 'Who pays what for a product, and whom it is hidden from',
    request: { params: idOnly },
    response: productTermsOut,
  },
  {
    method: 'PUT',
    path: '/api/products/:id/hidden',
    procedure: 'priceLists.setHidden',
    input: (r) => ({ ...bodyObject(r), productId: r.params.id }),
    summary: 'Hide a product from one customer or one price list, or show it again',
    request: {
      params: idOnly,
      body: z.object({
        customerId: hiddenInput.shape.customerId,
        priceListId: hiddenInput.shape.priceListId,
        hidden: hiddenInput.shape.hidden,
      }),
    },
    response: productTermsOut,
  },
];
