import {
  categoryListOut,
  productListOut,
  productOut,
  productSearchInput,
  productSearchOut,
  wishlistAddInput,
  wishlistRemoveInput,
} from '../../../shared/schemas/catalogue';
import { messageOut } from '../../../shared/schemas/common';
import {
  categoryAdminOut,
  categoryInput,
  categoryUpdateInput,
  idInput,
  productInput,
  productUpdateInput,
} from '../../../shared/schemas/office';
import { body, params, query, withId } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of the catalogue (server/catalogue; spec §7): products, categories and the
// wishlist as the shop reads them, and the back office's categories and products (DESIGN §5).
// A product's terms, hiding and stock are in price-lists.ts and stock.ts.

export const catalogueRoutes: RestRoute[] = [
  // Catalogue
  {
    method: 'GET',
    path: '/api/products',
    procedure: 'products.list',
    summary: 'The catalogue: Special, Restocked, then the rest when signed in; by rank otherwise',
    response: productListOut,
  },
  {
    method: 'GET',
    path: '/api/products/search',
    procedure: 'products.search',
    input: query,
    summary:
      "Product ids matching a search, forgiving spelling and Nepali names; the customer's usual products first",
    request: { query: productSearchInput },
    response: productSearchOut,
  },
  {
    method: 'GET',
    path: '/api/products/:id',
    procedure: 'products.byId',
    input: params,
    summary: 'One product',
    request: { params: idInput },
    response: productOut,
  },
  {
    method: 'GET',
    path: '/api/category',
    procedure: 'categories.list',
    summary: 'Every category',
    response: categoryListOut,
  },

  // Wishlist ("My Ordersheet")
  {
    method: 'GET',
    path: '/api/wishlist',
    procedure: 'wishlist.list',
    summary: "The signed-in customer's wishlist",
    response: productListOut,
  },
  {
    method: 'POST',
    path: '/api/wishlist',
    procedure: 'wishlist.add',
    input: body,
    status: 201,
    summary: 'Add a product to the wishlist; answers the whole list',
    request: { body: wishlistAddInput },
    response: productListOut,
  },
  {
    method: 'DELETE',
    path: '/api/wishlist/:productId',
    procedure: 'wishlist.remove',
    input: params,
    summary: 'Remove a product from the wishlist; answers the whole list',
    request: { params: wishlistRemoveInput },
    response: productListOut,
  },
];

/** The back office's categories and products (spec §7, DESIGN §5). */
export const catalogueOfficeRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/category',
    procedure: 'categories.create',
    input: body,
    status: 201,
    summary: 'Create a category',
    request: { body: categoryInput },
    response: categoryAdminOut,
  },
  {
    method: 'PUT',
    path: '/api/category/:id',
    procedure: 'categories.update',
    input: withId,
    summary: 'Change a category',
    request: { params: idInput, body: categoryUpdateInput.omit({ id: true }) },
    response: categoryAdminOut,
  },
  {
    method: 'DELETE',
    path: '/api/category/:id',
    procedure: 'categories.remove',
    input: params,
    summary: 'Delete a category',
    request: { params: idInput },
    response: messageOut,
  },
  {
    method: 'POST',
    path: '/api/products',
    procedure: 'products.create',
    input: body,
    status: 201,
    summary: 'Create a product',
    request: { body: productInput },
    response: productOut,
  },
  {
    method: 'PUT',
    path: '/api/products/:id',
    procedure: 'products.update',
    input: withId,
    summary: 'Change a product',
    request: { params: idInput, body: productUpdateInput.omit({ id: true }) },
    response: productOut,
  },
  {
    method: 'DELETE',
    path: '/api/products/:id',
    procedure: 'products.remove',
    input: params,
    summary: 'Delete a product',
    request: { params: idInput },
    response: messageOut,
  },
];
