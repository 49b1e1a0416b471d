import { z } from 'zod';
import { deletedOut } from '../../../shared/schemas/common';
import {
  deliverInput,
  driverDeliveredInput,
  driverJobsInput,
  driverRouteInput,
  driverRouteOut,
  jobFormInput,
  jobListInput,
  jobListOut,
  jobOut,
  jobPageOut,
  jobUpdateInput,
  pagedInput,
  reportInput,
  reportOut,
} from '../../../shared/schemas/doorstep';
import { idInput } from '../../../shared/schemas/office';
import { body, bodyObject, params, query } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of deliveries (server/deliveries; spec §7 "Orders", ADR 014): the delivery
// jobs (/api/ordertrack), a driver's jobs and route, and the day's report (reports.deliveries).

export const ordertrackRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/ordertrack',
    procedure: 'ordertrack.pending',
    input: query,
    summary: 'Every pending delivery job',
    request: { query: jobListInput },
    response: jobListOut,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/delivercompleted',
    procedure: 'ordertrack.deliveredToday',
    summary: 'The jobs delivered today',
    response: jobListOut,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/completed',
    procedure: 'ordertrack.completed',
    input: query,
    summary: 'Every delivered job, newest first, a page at a time, with a keyword search',
    request: { query: pagedInput },
    response: jobPageOut,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/report/:date',
    procedure: 'reports.deliveries',
    input: params,
    summary: "A business day's delivered jobs grouped by driver",
    request: { params: reportInput },
    response: reportOut,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/:driverId',
    procedure: 'ordertrack.driverPending',
    input: (r) => ({ ...r.query, driverId: r.params.driverId }),
    summary: "A driver's pending jobs (a driver: only their own)",
    request: {
      params: driverJobsInput.pick({ driverId: true }),
      query: driverJobsInput.omit({ driverId: true }),
    },
    response: jobListOut,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/:driverId/delivered',
    procedure: 'ordertrack.driverDelivered',
    input: (r) => ({ ...r.query, driverId: r.params.driverId }),
    summary: "A driver's delivered jobs, a page at a time (a driver: only their own)",
    request: {
      params: driverDeliveredInput.pick({ driverId: true }),
      query: driverDeliveredInput.omit({ driverId: true }),
    },
    response: jobPageOut,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/:driverId/route',
    procedure: 'ordertrack.driverRoute',
    input: params,
    summary: "A driver's stops today in route order (a driver: only their own)",
    request: { params: driverRouteInput },
    response: driverRouteOut,
  },
  {
    method: 'PUT',
    path: '/api/ordertrack/:orderId/deliver',
    procedure: 'ordertrack.deliver',
    // The spec sends an empty body; the phone adds the tap time and optional proof.
    input: (r) => ({ ...bodyObject(r), id: r.params.orderId }),
    summary: 'Mark a job delivered (irreversible); the body may carry the tap time and proof',
    request: {
      params: z.object({ orderId: deliverInput.shape.id }),
      body: deliverInput.omit({ id: true }),
    },
    response: jobOut,
  },
  {
    method: 'POST',
    path: '/api/ordertrack',
    procedure: 'ordertrack.create',
    input: body,
    status: 201,
    summary: 'Create a delivery job',
    request: { body: jobFormInput },
    response: jobOut,
  },
  {
    method: 'PUT',
    path: '/api/ordertrack/:id',
    procedure: 'ordertrack.update',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
    summary: 'Change a delivery job',
    request: { params: jobUpdateInput.pick({ id: true }), body: jobUpdateInput.omit({ id: true }) },
    response: jobOut,
  },
  {
    method: 'DELETE',
    path: '/api/ordertrack/:id',
    procedure: 'ordertrack.remove',
    input: params,
    summary: 'Delete a delivery job',
    request: { params: idInput },
    response: deletedOut,
  },
];
