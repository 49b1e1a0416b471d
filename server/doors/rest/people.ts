import { z } from 'zod';
import { idParam } from '../../../shared/schemas/catalogue';
import { personInput, personListOut, personPasswordInput } from '../../../shared/schemas/people';
import { bodyObject, customerPath, idOnly } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of a restaurant's people, its logins (server/customers; ADR 036): its owner's
// own and the office's for a customer.

export const peopleRoutes: RestRoute[] = [
  // A restaurant's people: its owner's (customer) and the office's for a customer.
  {
    method: 'GET',
    path: '/api/people',
    procedure: 'people.list',
    summary: "The restaurant's logins (its owner only)",
    response: personListOut,
  },
  {
    method: 'POST',
    path: '/api/people',
    procedure: 'people.add',
    input: bodyObject,
    status: 201,
    summary: 'Add a login to the restaurant (its owner only)',
    request: { body: personInput },
    response: personListOut,
  },
  {
    method: 'DELETE',
    path: '/api/people/:id',
    procedure: 'people.remove',
    input: (r) => ({ id: r.params.id }),
    summary: "Remove one of the restaurant's logins (its owner only)",
    request: { params: idOnly },
    response: personListOut,
  },
  {
    method: 'PUT',
    path: '/api/people/:id/password',
    procedure: 'people.resetPassword',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
    summary: "Set a new password for one of the restaurant's logins (its owner only)",
    request: { params: idOnly, body: personPasswordInput.omit({ id: true }) },
    response: personListOut,
  },
  {
    method: 'GET',
    path: '/api/customer/:id/people',
    procedure: 'people.ofCustomer',
    input: (r) => ({ customerId: r.params.id }),
    summary: "A customer's logins",
    request: { params: customerPath },
    response: personListOut,
  },
  {
    method: 'POST',
    path: '/api/customer/:id/people',
    procedure: 'people.addFor',
    input: (r) => ({ ...bodyObject(r), customerId: r.params.id }),
    status: 201,
    summary: 'Add a login to a customer',
    request: { params: customerPath, body: personInput },
    response: personListOut,
  },
  {
    method: 'DELETE',
    path: '/api/customer/:id/people/:personId',
    procedure: 'people.removeFor',
    input: (r) => ({ customerId: r.params.id, id: r.params.personId }),
    summary: "Remove one of a customer's logins",
    request: { params: z.object({ id: idParam, personId: idParam }) },
    response: personListOut,
  },
  {
    method: 'PUT',
    path: '/api/customer/:id/people/:personId/password',
    procedure: 'people.resetPasswordFor',
    input: (r) => ({ ...bodyObject(r), customerId: r.params.id, id: r.params.personId }),
    summary: "Set a new password for one of a customer's logins",
    request: {
      params: z.object({ id: idParam, personId: idParam }),
      body: personPasswordInput.omit({ id: true }),
    },
    response: personListOut,
  },
];
