import { afterEach, describe, expect, it } from 'vitest';
import { userInfo } from '../../../../shared/schemas/auth';
import { makeUser } from '../../test/fixtures';
import { offlineDriver, rememberDriver } from './offlineDriver';

const noAnswer = new TypeError('Failed to fetch');
const driver = makeUser({
  _id: 'd1',
  role: 'driver',
  userType: 'Employee',
  username: 'driver1',
  restaurantName: null,
  customerId: null,
  deliveryDays: [],
  language: 'ne',
});

afterEach(() => localStorage.clear());

describe('offlineDriver', () => {
  it('keeps the last driver for a failure without an answer, exactly as the schema reads it', () => {
    rememberDriver(driver);
    const kept = offlineDriver(noAnswer);
    expect(kept).toEqual(driver);
    expect(kept).toEqual(userInfo.parse(driver));
  });

  it('drops unknown fields, as the schema does', () => {
    localStorage.setItem('offlineDriver', JSON.stringify({ ...driver, token: 'secret' }));
    expect(offlineDriver(noAnswer)).toEqual(driver);
  });

  it('keeps nobody after an answer from the server, or for customers and staff', () => {
    rememberDriver(driver);
    expect(offlineDriver({ data: { httpStatus: 401 } })).toBeNull();
    rememberDriver(makeUser());
    expect(offlineDriver(noAnswer)).toBeNull();
  });

  it('refuses a stored value of the wrong shape', () => {
    for (const broken of [
      { ...driver, role: 'customer' },
      { ...driver, deliveryDays: 'Tuesday' },
      { ...driver, language: 'fr' },
      { ...driver, business: { timeZone: 'Asia/Tokyo' } },
      { ...driver, name: undefined },
      null,
      'driver1',
    ]) {
      localStorage.setItem('offlineDriver', JSON.stringify(broken));
      expect(offlineDriver(noAnswer)).toBeNull();
    }
    localStorage.setItem('offlineDriver', '{not json');
    expect(offlineDriver(noAnswer)).toBeNull();
  });
});
