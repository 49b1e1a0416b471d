import { messageOut } from '../../../shared/schemas/common';
import {
  activeInformationInput,
  activePopupOut,
  informationListOut,
  informationOut,
} from '../../../shared/schemas/information';
import {
  idInput,
  informationInput,
  informationListInput,
  informationUpdateBody,
} from '../../../shared/schemas/office';
import { body, params, withId } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of content (server/content; spec §7): the slider and popup items, called
// "information" as in the spec: the active ones for the shop, and all of them for the office.

export const informationRoutes: RestRoute[] = [
  // Information (slider and popup)
  {
    method: 'GET',
    path: '/api/information/active',
    procedure: 'information.active',
    input: (r) => ({ type: r.query.type || undefined }),
    summary: 'The active slider and popup items, optionally of one type',
    request: { query: activeInformationInput },
    response: informationListOut,
  },
  {
    method: 'GET',
    path: '/api/information/popup/active',
    procedure: 'information.activePopup',
    summary: 'The popup to show now, or null',
    response: activePopupOut,
  },
];

/** The back office's slider and popup items (spec §7, DESIGN §5). */
export const informationOfficeRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/information',
    procedure: 'information.list',
    input: (r) => ({ type: r.query.type || undefined }),
    summary: 'Every slider and popup item, active or not',
    request: { query: informationListInput },
    response: informationListOut,
  },
  {
    method: 'POST',
    path: '/api/information',
    procedure: 'information.create',
    input: body,
    status: 201,
    summary: 'Create a slider or popup item (its image uploaded first through /api/upload)',
    request: { body: informationInput },
    response: informationOut,
  },
  {
    method: 'PUT',
    path: '/api/information/:id',
    procedure: 'information.update',
    input: withId,
    summary: 'Change some fields of an item (e.g. only `active`)',
    request: { params: idInput, body: informationUpdateBody },
    response: informationOut,
  },
  {
    method: 'DELETE',
    path: '/api/information/:id',
    procedure: 'information.remove',
    input: params,
    summary: 'Delete an item',
    request: { params: idInput },
    response: messageOut,
  },
];
