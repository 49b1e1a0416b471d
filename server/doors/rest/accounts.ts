import {
  changePasswordInput,
  loginInput,
  loginOutput,
  resetPasswordInput,
  userInfo,
} from '../../../shared/schemas/auth';
import { messageOut } from '../../../shared/schemas/common';
import {
  employeeInput,
  employeeListOut,
  employeeOut,
  employeeUpdateInput,
  idInput,
} from '../../../shared/schemas/office';
import { body, params, withId } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of accounts (server/accounts; spec §7): signing in and out, the signed-in
// user's password and profile, and the back office's employees with their logins (DESIGN §5).

export const authRoutes: RestRoute[] = [
  // Auth
  {
    method: 'POST',
    path: '/api/users/login',
    procedure: 'auth.login',
    input: body,
    summary: 'Sign in: sets the session cookie and answers the user with a bearer token',
    request: { body: loginInput },
    response: loginOutput,
  },
  {
    method: 'POST',
    path: '/api/users/logout',
    procedure: 'auth.logout',
    summary: 'Sign out (never fails; clears the cookie)',
    response: messageOut,
  },
  {
    method: 'PUT',
    path: '/api/users/password',
    procedure: 'auth.changePassword',
    input: body,
    summary:
      "Change the signed-in person's password (the current one required; their other sessions end)",
    request: { body: changePasswordInput },
    response: messageOut,
  },
  {
    method: 'GET',
    path: '/api/users/profile',
    procedure: 'auth.profile',
    summary: 'The signed-in user (401 when signed out)',
    response: userInfo,
  },
];

/** The back office's employees (spec §7, DESIGN §5). */
export const employeeRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/employee',
    procedure: 'employees.list',
    summary: 'Every employee (drivers and managers)',
    response: employeeListOut,
  },
  {
    method: 'POST',
    path: '/api/employee',
    procedure: 'employees.create',
    input: body,
    status: 201,
    summary: 'Create an employee with their login',
    request: { body: employeeInput },
    response: employeeOut,
  },
  {
    method: 'PUT',
    path: '/api/employee/:id',
    procedure: 'employees.update',
    input: withId,
    summary: 'Change an employee (a blank password leaves it unchanged)',
    request: { params: idInput, body: employeeUpdateInput.omit({ id: true }) },
    response: employeeOut,
  },
  {
    method: 'PUT',
    path: '/api/employee/:id/password',
    procedure: 'employees.resetPassword',
    input: withId,
    summary: "Set a new password for a driver's login (a manager's: admins only; sessions end)",
    request: { params: idInput, body: resetPasswordInput.omit({ id: true }) },
    response: messageOut,
  },
  {
    method: 'DELETE',
    path: '/api/employee/:id',
    procedure: 'employees.remove',
    input: params,
    summary: 'Delete an employee',
    request: { params: idInput },
    response: messageOut,
  },
];
